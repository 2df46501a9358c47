import { registerSW } from "virtual:pwa-register";
import { isOffline } from "@/lib/network";
import type { UpdateController } from "./update-controller";

/** An installed app may stay open for days; browsers only look for a new version on navigation. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function registerServiceWorker(controller: UpdateController): void {
  const activateWaitingWorker = registerSW({
    onNeedRefresh: () => controller.needRefresh(),
    // Replaces the plugin's immediate reload: the controller waits for a running sync.
    onNeedReload: () => controller.needReload(),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (isOffline() || registration.installing) return;
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError: (error: unknown) => console.warn("[pwa] Service Worker nicht registriert", error),
  });
  controller.setActivate(() => activateWaitingWorker());
}
