/**
 * A service worker's push handling (issue 29), for the tenant app's Workbox worker (imported as
 * /push-sw.js) and the staff console's push-only worker (/verwaltung/push-sw.js). It stands alone:
 * no imports beyond ./notification, no app code; each app's push-sw.ts calls installPushHandlers.
 *
 * push: always shows a notification (tag = event id, so a repeated delivery replaces it), also
 * when the payload cannot be read. notificationclick: focuses a window of the app and navigates it
 * to the notification's path, or opens one.
 */
import { type PushApp, pushNotifications } from "./notification";

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

export interface PushWorkerApp extends PushApp {
  /**
   * Whether a window of the origin, by its path, is one of this app's (the tenant app, the staff
   * console and the crews' app share the origin): a click focuses and navigates only those.
   */
  ownsWindow(pathname: string): boolean;
}

function readText(event: PushEventLike): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

/** Adds the push and notificationclick listeners to the service worker's global scope. */
export function installPushHandlers(self: unknown, app: PushWorkerApp): void {
  const scope = self as ServiceWorkerScopeLike;
  const { notificationFromPush, clickTarget } = pushNotifications(app);

  scope.addEventListener("push", (event) => {
    const { title, options } = notificationFromPush(readText(event));
    event.waitUntil(scope.registration.showNotification(title, options));
  });

  async function openInApp(url: string): Promise<void> {
    const origin = scope.location.origin;
    const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
    const ours = windows.filter(
      (client) => client.url.startsWith(origin) && app.ownsWindow(new URL(client.url).pathname),
    );
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
}
