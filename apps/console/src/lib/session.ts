import { useSyncExternalStore } from "react";
import { TOKEN_STORAGE_KEY } from "@/config/env";

/** Why the session ended: the staff member signed out, or the server refused the token (401). */
export type SignOutReason = "logout" | "expired";

let token: string | null = readStoredToken();
let lastReason: SignOutReason | null = null;
const listeners = new Set<() => void>();

function readStoredToken(): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return token;
}

export function signIn(newToken: string): void {
  token = newToken;
  lastReason = null;
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, newToken);
  } catch {
    // private mode: the session lasts as long as the tab
  }
  emit();
}

export function signOut(reason: SignOutReason): void {
  if (token === null && lastReason === reason) return;
  token = null;
  lastReason = reason;
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  emit();
}

/** The reason of the last sign-out, left for the login screen (unlike takeSignOutReason). */
export function signOutReason(): SignOutReason | null {
  return lastReason;
}

/** The reason of the last sign-out, read once by the login screen (it shows "Sitzung abgelaufen"). */
export function takeSignOutReason(): SignOutReason | null {
  const reason = lastReason;
  lastReason = null;
  return reason;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signed in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_STORAGE_KEY) return;
    token = event.newValue;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}

/** Tests start from a clean session. */
export function resetSessionForTests(): void {
  token = readStoredToken();
  lastReason = null;
}
