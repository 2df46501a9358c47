/**
 * The service worker's push handling (issue 29), built into /push-sw.js by vite.config.ts and
 * loaded by the Workbox service worker with importScripts. It stands alone: no imports beyond
 * ./notification (bundled in), no app code.
 *
 * push: always shows a notification (tag = event id, so a repeated delivery replaces it), also
 * when the payload cannot be read. notificationclick: focuses a window of the app and navigates it
 * to the notification's path, or opens one.
 */
import { clickTarget, notificationFromPush } from "./notification";

interface PushEventLike {
  data: { text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}
interface WindowClientLike {
  url: string;
  focused: boolean;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface NotificationClickLike {
  notification: { data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}
interface ServiceWorkerScopeLike {
  location: { origin: string };
  registration: { showNotification(title: string, options: object): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickLike) => void): void;
}

const scope = self as unknown as ServiceWorkerScopeLike;

function readText(event: PushEventLike): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

scope.addEventListener("push", (event) => {
  const { title, options } = notificationFromPush(readText(event));
  event.waitUntil(scope.registration.showNotification(title, options));
});

async function openInApp(url: string): Promise<void> {
  const origin = scope.location.origin;
  const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  // The tenant app's windows (the staff console and the crews' app share the origin).
  const ours = windows.filter((client) => {
    const path = new URL(client.url).pathname;
    return client.url.startsWith(origin) && !/^\/(verwaltung|einsatz)(\/|$)/.test(path);
  });
  const client = ours.find((c) => c.focused) ?? ours[0];
  if (client) {
    const focused = await client.focus();
    if (new URL(focused.url).href !== url) await focused.navigate(url).catch(() => scope.clients.openWindow(url));
    return;
  }
  await scope.clients.openWindow(url);
}

scope.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = clickTarget(event.notification.data, scope.location.origin);
  event.waitUntil(openInApp(url).catch(() => scope.clients.openWindow(url)));
});
