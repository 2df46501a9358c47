import { useSyncExternalStore } from "react";

/** The device's network state (navigator.onLine and its events). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** The listener hears whether the device is offline now and whether it was before. */
export function onNetworkChange(listener: (offline: boolean, wasOffline: boolean) => void): () => void {
  let was = isOffline();
  const handle = () => {
    const now = isOffline();
    const before = was;
    was = now;
    listener(now, before);
  };
  window.addEventListener("online", handle);
  window.addEventListener("offline", handle);
  return () => {
    window.removeEventListener("online", handle);
    window.removeEventListener("offline", handle);
  };
}

function subscribe(listener: () => void) {
  return onNetworkChange(() => listener());
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
