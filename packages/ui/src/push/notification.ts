/**
 * What a service worker shows for a push and where a click on it leads (issue 29), for the tenant
 * app and the staff console alike. Pure functions, no zod: they run in each app's small push script,
 * and they must never throw — every push shows a notification, or iOS revokes the subscription.
 *
 * The payload is the contracts' pushPayload, the declarative Web Push form:
 * `{web_push: 8030, mutable: true, notification: {title, body, navigate, lang, dir, tag, data: {kind, building, path, event_id}}}`.
 */

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

export interface PushApp {
  /** Shown when a push cannot be read: never a silent push. */
  fallbackTitle: string;
  /** The notification's icon and badge (a path of the origin). */
  icon: string;
  /**
   * The app's base path ("/" for the tenant app, "/verwaltung/" for the console): a click opens
   * only paths below it; anything else opens the base itself.
   */
  base: string;
}

export interface PushNotifications {
  /** Reads the push's data (its text); anything unreadable gives the fallback notification. */
  notificationFromPush(raw: string | null | undefined): ShownNotification;
  /**
   * The path a click opens: a same-origin path of the app, or an absolute URL's path, query and
   * hash. Anything else (another scheme, "//host", a path outside the app, nothing) opens the base.
   */
  appPath(target: string | undefined): string;
  /** The absolute URL a click opens in the app's origin, from the notification's data. */
  clickTarget(data: unknown, origin: string): string;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** A path (with query and hash) of the origin, or null for anything that could leave it. */
function samePath(target: string): string | null {
  if (target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")) return target;
  try {
    const url = new URL(target);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The notification functions of one app. */
export function pushNotifications(app: PushApp): PushNotifications {
  const home = app.base.endsWith("/") ? app.base : `${app.base}/`;
  const root = home.slice(0, -1);
  const inApp = (path: string) =>
    home === "/" ||
    path.startsWith(home) ||
    path === root ||
    path.startsWith(`${root}?`) ||
    path.startsWith(`${root}#`);

  const appPath = (target: string | undefined): string => {
    const path = target ? samePath(target) : null;
    return path !== null && inApp(path) ? path : home;
  };

  return {
    appPath,
    clickTarget: (data, origin) => new URL(appPath(text(record(data)?.path)), origin).href,
    notificationFromPush(raw) {
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
        title: title ?? app.fallbackTitle,
        options: {
          ...(title && body ? { body } : {}),
          ...(tag ? { tag } : {}),
          lang: "de-DE",
          dir: "ltr",
          icon: app.icon,
          badge: app.icon,
          data: { path },
        },
      };
    },
  };
}
