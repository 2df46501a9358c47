/**
 * The console's service worker (issue 29): push only, no caching and no fetch handler, so the
 * console loads from the network as before. Built into dist/push-sw.js by vite.config.ts and
 * registered with the scope /verwaltung/ only when a staff member turns push on (or at a start
 * on a device already subscribed). It stands alone: the shared handlers and ./push-app are bundled in.
 */
import { installPushHandlers } from "@mieter-portal/ui/push/service-worker";
import { CONSOLE_PUSH_APP, isConsoleWindow } from "./push-app";

installPushHandlers(self, { ...CONSOLE_PUSH_APP, ownsWindow: isConsoleWindow });

// A new version of this script takes over at once: it holds no caches that could mismatch the page.
self.addEventListener("install", () => {
  void (self as unknown as { skipWaiting(): Promise<void> }).skipWaiting();
});
self.addEventListener("activate", (event) => {
  const activate = event as Event & { waitUntil(promise: Promise<unknown>): void };
  activate.waitUntil((self as unknown as { clients: { claim(): Promise<void> } }).clients.claim());
});
