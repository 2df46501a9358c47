import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { getItem, STORAGE_KEYS, setBrowserItem, setItem } from "./storage";

export interface NetworkState {
  /** What the browser reports. */
  browserOnline: boolean;
  /** The manual offline toggle (saved). */
  manualOffline: boolean;
  /** Offline if the browser has no network or the toggle is on (spec section 4). */
  offline: boolean;
}

type Listener = (state: NetworkState, previous: NetworkState) => void;

function browserReportsOnline(): boolean {
  return typeof navigator === "undefined" ? true : navigator.onLine !== false;
}

let state: NetworkState = {
  browserOnline: browserReportsOnline(),
  manualOffline: false,
  offline: !browserReportsOnline(),
};
const listeners = new Set<Listener>();
const reactListeners = new Set<() => void>();

function update(patch: Partial<Omit<NetworkState, "offline">>) {
  const previous = state;
  const next = { ...state, ...patch };
  next.offline = !next.browserOnline || next.manualOffline;
  if (next.browserOnline === previous.browserOnline && next.manualOffline === previous.manualOffline) return;
  state = next;
  for (const listener of listeners) listener(state, previous);
  for (const listener of reactListeners) listener();
}

let started = false;

/** Reads the saved manual flag (failure: trust the device) and follows the browser's events. */
export async function initNetwork(): Promise<void> {
  if (started) return;
  started = true;
  const saved = await getItem<unknown>(STORAGE_KEYS.offlineMode);
  // TanStack pauses queries and mutations while offline and refetches on reconnect; it follows
  // the effective state, so the manual toggle counts as offline too.
  onlineManager.setEventListener((setOnline) => {
    setOnline(!state.offline);
    return onNetworkChange((next) => setOnline(!next.offline));
  });
  update({ browserOnline: browserReportsOnline(), manualOffline: saved === true });
  mirrorManualOffline(saved === true);
  window.addEventListener("online", () => update({ browserOnline: true }));
  window.addEventListener("offline", () => update({ browserOnline: false }));
}

/**
 * The flag in browser storage too: the start script (src/start-signed-in.ts) must know it before
 * IndexedDB could answer, and sends the first reads only when it reads "false" here.
 */
function mirrorManualOffline(manualOffline: boolean): void {
  try {
    setBrowserItem(STORAGE_KEYS.offlineMode, String(manualOffline));
  } catch {
    // logged by storage; without the mirror the start script sends nothing
  }
}

export async function setManualOffline(manualOffline: boolean): Promise<void> {
  update({ manualOffline });
  mirrorManualOffline(manualOffline);
  try {
    await setItem(STORAGE_KEYS.offlineMode, manualOffline);
  } catch {
    // logged by storage; the toggle still applies for this session
  }
}

export function getNetworkState(): NetworkState {
  return state;
}

export function isOffline(): boolean {
  return state.offline;
}

/** Non-React subscribers (toasts, later the sync manager). */
export function onNetworkChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function subscribeReact(listener: () => void) {
  reactListeners.add(listener);
  return () => {
    reactListeners.delete(listener);
  };
}

export function useNetworkState(): NetworkState {
  return useSyncExternalStore(subscribeReact, getNetworkState, getNetworkState);
}
