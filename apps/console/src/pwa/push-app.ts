/**
 * The console's push notifications (issue 29): the shared functions (packages/ui push/notification)
 * with the console's fallback title and base. Staff pushes carry paths below /verwaltung/ (a
 * message thread, a repair, the Eingang); a click never opens anything outside the console.
 */
import { type PushApp, pushNotifications } from "@mieter-portal/ui/push/notification";

/** The console's base (its Vite base and the server's mount point). */
export const CONSOLE_BASE = "/verwaltung/";
/** The push-only service worker, built by vite.config.ts into dist/; its scope is its folder. */
export const PUSH_WORKER_URL = `${CONSOLE_BASE}push-sw.js`;

export const CONSOLE_PUSH_APP: PushApp = {
  fallbackTitle: "Neuer Vorgang in der Verwaltung",
  // The portal's icon (the tenant app serves it from the origin's root).
  icon: "/pwa-192x192.png",
  base: CONSOLE_BASE,
};

export const { notificationFromPush, clickTarget } = pushNotifications(CONSOLE_PUSH_APP);

/** A window of the console: the tenant app and the crews' app share the origin. */
export function isConsoleWindow(pathname: string): boolean {
  return pathname === CONSOLE_BASE.slice(0, -1) || pathname.startsWith(CONSOLE_BASE);
}
