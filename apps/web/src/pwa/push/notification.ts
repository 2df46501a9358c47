/**
 * What the service worker shows for a push and where a click on it leads (issue 29). Pure
 * functions, no zod: they run in the service worker's small push script (push-sw.ts), and they
 * must never throw — every push shows a notification, or iOS revokes the subscription.
 *
 * The payload is the contracts' pushPayload, the declarative Web Push form:
 * `{web_push: 8030, mutable: true, notification: {title, body, navigate, lang, dir, tag, data: {kind, building, path, event_id}}}`.
 */

/** Shown when a push cannot be read: never a silent push. */
export const PUSH_FALLBACK_TITLE = "Neue Nachricht von Ihrer Hausverwaltung";

export interface ShownNotification {
  title: string;
  options: {
    body?: string;
    tag?: string;
    lang: string;
    dir: "ltr";
    icon: string;
    badge: string;
    data: { path: string };
  };
}

const ICON = "/pwa-192x192.png";

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Reads the push's data (its text); anything unreadable gives the fallback notification. */
export function notificationFromPush(raw: string | null | undefined): ShownNotification {
  let payload: unknown = null;
  try {
    payload = raw ? JSON.parse(raw) : null;
  } catch {
    payload = null;
  }
  const notification = record(record(payload)?.notification);
  const data = record(notification?.data);
  const title = text(notification?.title);
  const body = text(notification?.body);
  const tag = text(notification?.tag) ?? text(data?.event_id);
  const path = appPath(text(data?.path) ?? text(notification?.navigate));
  return {
    title: title ?? PUSH_FALLBACK_TITLE,
    options: {
      ...(title && body ? { body } : {}),
      ...(tag ? { tag } : {}),
      lang: "de-DE",
      dir: "ltr",
      icon: ICON,
      badge: ICON,
      data: { path },
    },
  };
}

/**
 * The path a click opens: a same-origin path of the app ("/messages/<id>"), or an absolute URL's
 * path, query and hash. Anything else (another scheme, "//host", nothing) opens the start screen.
 */
export function appPath(target: string | undefined): string {
  if (!target) return "/";
  if (target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")) return target;
  try {
    const url = new URL(target);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}

/** The absolute URL a click opens in this app's origin, from the notification's data. */
export function clickTarget(data: unknown, origin: string): string {
  const path = appPath(text(record(data)?.path));
  return new URL(path, origin).href;
}
