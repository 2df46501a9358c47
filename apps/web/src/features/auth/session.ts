import { clearSession, type SessionUser, writeSession } from "@/lib/session";
import {
  clearAllStorage,
  getItem,
  migrateLegacyKeys,
  removeItem,
  STORAGE_KEYS,
  setBrowserItem,
  setItem,
} from "@/lib/storage";
import { checkToken, type TokenState } from "@/lib/token";
import { isRecord } from "@/lib/utils";

export type { SessionUser } from "@/lib/session";

const optionalText = (value: unknown) => (typeof value === "string" ? value : undefined);
const nullableText = (value: unknown) => (typeof value === "string" ? value : value === null ? null : undefined);

/**
 * Reads a user record (camelCase or snake_case names); null without id or e-mail.
 * Hand-written rather than zod: it runs on the login screen, which has a size budget.
 */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const id = typeof value.id === "number" && Number.isFinite(value.id) ? String(value.id) : value.id;
  if (typeof id !== "string" || !id.trim()) return null;
  if (typeof value.email !== "string" || !value.email.trim()) return null;
  const user: SessionUser = {
    id,
    email: value.email,
    firstName: optionalText(value.firstName) ?? optionalText(value.first_name) ?? "",
    lastName: optionalText(value.lastName) ?? optionalText(value.last_name) ?? "",
  };
  const firstName = optionalText(value.first_name);
  const lastName = optionalText(value.last_name);
  const address = nullableText(value.address);
  const apartment = nullableText(value.apartment_number);
  if (firstName !== undefined) user.first_name = firstName;
  if (lastName !== undefined) user.last_name = lastName;
  if (address !== undefined) user.address = address;
  if (apartment !== undefined) user.apartment_number = apartment;
  return user;
}

export interface StoredSession {
  token: string;
  user: SessionUser;
}

export type StartupResult =
  | { kind: "signed-in"; session: StoredSession; expiresAt: number }
  | { kind: "expired" }
  | { kind: "malformed" }
  | { kind: "none" };

function parseStoredUser(raw: unknown): SessionUser | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return toSessionUser(value);
}

/**
 * Start-up check (spec section 4): migrate older keys, read token and user from device storage,
 * check the token's expiry client-side.
 */
export async function readStartupSession(now: number = Date.now()): Promise<StartupResult> {
  await migrateLegacyKeys();
  const token = await getItem<unknown>(STORAGE_KEYS.authToken);
  const user = parseStoredUser(await getItem<unknown>(STORAGE_KEYS.user));
  if (typeof token !== "string" || !token || !user) return { kind: "none" };
  const state: TokenState = checkToken(token, now);
  switch (state.kind) {
    case "valid":
      return { kind: "signed-in", session: { token, user }, expiresAt: state.expiresAt };
    case "expired":
      return { kind: "expired" };
    case "malformed":
      console.warn(`[auth] Gespeichertes Token wird ignoriert: ${state.reason}`);
      return { kind: "malformed" };
  }
}

/**
 * The start-up check read once before the first render (main.tsx, issue 13): the router takes the
 * first screen from it, so a signed-out start never fetches a signed-in screen, and the auth
 * provider starts from its answer instead of reading the storage a second time.
 */
let preRead: { promise: Promise<StartupResult>; result?: StartupResult } | null = null;

export function preReadStartupSession(): Promise<StartupResult> {
  const entry: { promise: Promise<StartupResult>; result?: StartupResult } = { promise: readStartupSession() };
  entry.promise = entry.promise.then((result) => {
    entry.result = result;
    return result;
  });
  preRead = entry;
  return entry.promise;
}

/** The pre-read answer once it has arrived; undefined when there was none (unit tests render without main.tsx). */
export function settledStartupSession(): StartupResult | undefined {
  return preRead?.result;
}

/** For the auth provider's start-up check: the pre-read answer (taken once), else a fresh read. */
export function takeStartupSession(): Promise<StartupResult> {
  const promise = preRead?.promise ?? readStartupSession();
  preRead = null;
  return promise;
}

/** Login stores token and user in device storage and in browser storage (spec section 4). */
export async function persistSession(session: StoredSession): Promise<void> {
  writeSession(session.token, session.user);
  await setItem(STORAGE_KEYS.authToken, session.token);
  await setItem(STORAGE_KEYS.user, session.user);
  setBrowserItem(STORAGE_KEYS.authToken, session.token);
  setBrowserItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

/** Removes all of the tenant's data from the device. */
export async function clearSessionData(): Promise<void> {
  clearSession();
  // Documents kept for offline reading; loaded on demand (not part of the login screen's JavaScript).
  await import("@/lib/document-cache").then((cache) => cache.clearDocumentCache()).catch(() => undefined);
  try {
    await clearAllStorage();
  } catch {
    // logged by storage; make sure at least the credentials are gone
    await Promise.allSettled([removeItem(STORAGE_KEYS.authToken), removeItem(STORAGE_KEYS.user)]);
  }
}
