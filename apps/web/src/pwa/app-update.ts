import { isSyncRunning, subscribeSyncActivity } from "./sync-activity";
import { createUpdateController } from "./update-controller";

/** The one update flow of this tab. */
export const appUpdate = createUpdateController({
  isSyncRunning,
  subscribeSync: subscribeSyncActivity,
  reload: () => window.location.reload(),
});

let started = false;

/**
 * Registers the service worker after start-up, in production builds only (`vite dev` has none).
 * Loaded on demand so workbox-window is not part of the login screen's JavaScript.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD) return;
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  started = true;
  import("./register-service-worker")
    .then(({ registerServiceWorker }) => registerServiceWorker(appUpdate))
    .catch((error: unknown) => {
      console.warn("[pwa] Service Worker konnte nicht geladen werden", error);
      // Offline before the files were cached: registered when the connection is back, not never.
      started = false;
      window.addEventListener("online", startServiceWorker, { once: true });
    });
}
