import { type StaffProfile, staffProfile } from "@mieter-portal/contracts/staff";
import { useSyncExternalStore } from "react";
import { PROFILE_STORAGE_KEY, TOKEN_STORAGE_KEY } from "./config";
import { readJson, removeKey, writeJson } from "./storage";

/** The signed-in crew member: token and profile, both kept on the device so the app starts offline. */
export interface CrewSession {
  token: string;
  staff: StaffProfile;
}

function readStored(): CrewSession | null {
  let token: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    token = null;
  }
  const parsed = staffProfile.safeParse(readJson<unknown>(PROFILE_STORAGE_KEY, null));
  return token && parsed.success ? { token, staff: parsed.data } : null;
}

let session: CrewSession | null = readStored();
let expired = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const getSession = (): CrewSession | null => session;
export const getToken = (): string | null => session?.token ?? null;

export function signIn(token: string, staff: StaffProfile): void {
  session = { token, staff };
  expired = false;
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // private mode: the session lasts as long as the tab
  }
  writeJson(PROFILE_STORAGE_KEY, staff);
  emit();
}

/** Ends the session; the queue keeps its entries and sends them after the next sign-in of the same person. */
export function signOut(reason: "logout" | "expired"): void {
  if (!session) return;
  session = null;
  expired = reason === "expired";
  removeKey(TOKEN_STORAGE_KEY);
  if (reason === "logout") removeKey(PROFILE_STORAGE_KEY);
  emit();
}

/** Whether the last session ended because the server refused the token (the login says so once). */
export function takeExpired(): boolean {
  const was = expired;
  expired = false;
  return was;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): CrewSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Tests start from what localStorage holds. */
export function resetSessionForTests(): void {
  session = readStored();
  expired = false;
}
