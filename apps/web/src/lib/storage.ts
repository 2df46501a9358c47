import { createStore, del, get, keys, set, type UseStore } from "idb-keyval";

/** Every product key carries this prefix (spec section 1). */
export const STORAGE_PREFIX = "mieter_portal_";

export const STORAGE_KEYS = {
  authToken: `${STORAGE_PREFIX}auth_token`,
  user: `${STORAGE_PREFIX}user`,
  theme: `${STORAGE_PREFIX}theme`,
  offlineMode: `${STORAGE_PREFIX}offline_mode`,
  brand: `${STORAGE_PREFIX}brand`,
  queryCache: `${STORAGE_PREFIX}query_cache`,
  notifications: `${STORAGE_PREFIX}notifications_enabled`,
  /** Tokens signed out with 'Abmelden' while offline: revoked on the server when next possible. */
  revokeLater: `${STORAGE_PREFIX}revoke_later`,
} as const;

/**
 * Keys older versions kept in browser storage; moved to device storage at start.
 * The product keys themselves are also copied when device storage lost them.
 */
export const LEGACY_KEY_MAP: Record<string, string> = {
  auth_token: STORAGE_KEYS.authToken,
  token: STORAGE_KEYS.authToken,
  user: STORAGE_KEYS.user,
  theme: STORAGE_KEYS.theme,
  offlineMode: STORAGE_KEYS.offlineMode,
  [STORAGE_KEYS.authToken]: STORAGE_KEYS.authToken,
  [STORAGE_KEYS.user]: STORAGE_KEYS.user,
};

/** Legacy token key the API client falls back to (spec section 6). */
export const LEGACY_TOKEN_KEY = "auth_token";

let store: UseStore | null = null;
function deviceStore(): UseStore {
  store ??= createStore("mieter-portal", "keyval");
  return store;
}

/** Device storage (IndexedDB). Read failures return null. */
export async function getItem<T>(key: string): Promise<T | null> {
  try {
    const value = await get<T>(key, deviceStore());
    return value ?? null;
  } catch (error) {
    console.warn(`[storage] Lesen von "${key}" fehlgeschlagen`, error);
    return null;
  }
}

/** Write failures are logged and re-thrown (spec section 8). */
export async function setItem<T>(key: string, value: T): Promise<void> {
  try {
    await set(key, value, deviceStore());
  } catch (error) {
    console.error(`[storage] Schreiben von "${key}" fehlgeschlagen`, error);
    throw error;
  }
}

/** Delete failures are logged and re-thrown (spec section 8). */
export async function removeItem(key: string): Promise<void> {
  try {
    await del(key, deviceStore());
  } catch (error) {
    console.error(`[storage] Löschen von "${key}" fehlgeschlagen`, error);
    throw error;
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getBrowserItem(key: string): string | null {
  try {
    return browserStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function setBrowserItem(key: string, value: string): void {
  try {
    browserStorage()?.setItem(key, value);
  } catch (error) {
    console.error(`[storage] Schreiben von "${key}" in den Browser-Speicher fehlgeschlagen`, error);
    throw error;
  }
}

function parseLegacyValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Moves values of older browser-storage keys into device storage. A value already in device
 * storage wins. Unprefixed legacy keys are removed afterwards; the product's own keys stay in
 * browser storage because login writes them there on purpose.
 */
export async function migrateLegacyKeys(): Promise<string[]> {
  const browser = browserStorage();
  if (!browser) return [];
  const migrated: string[] = [];
  for (const [legacyKey, targetKey] of Object.entries(LEGACY_KEY_MAP)) {
    const raw = getBrowserItem(legacyKey);
    if (raw === null) continue;
    const existing = await getItem<unknown>(targetKey);
    if (existing === null) {
      try {
        await setItem(targetKey, parseLegacyValue(raw));
        migrated.push(legacyKey);
      } catch {
        continue; // already logged; keep the browser copy so nothing is lost
      }
    }
    if (!legacyKey.startsWith(STORAGE_PREFIX)) {
      try {
        browser.removeItem(legacyKey);
      } catch {
        // a stale legacy key is harmless
      }
    }
  }
  return migrated;
}

/** Device preferences, public data and sign-outs still to tell the server: they survive a logout. */
const KEPT_ON_LOGOUT: string[] = [STORAGE_KEYS.theme, STORAGE_KEYS.brand, STORAGE_KEYS.revokeLater];

function isClearedOnLogout(key: string): boolean {
  return !KEPT_ON_LOGOUT.includes(key);
}

/** Removes every product key (except device preferences) from device and browser storage (logout). */
export async function clearAllStorage(): Promise<void> {
  const browser = browserStorage();
  if (browser) {
    const doomed: string[] = [];
    for (let i = 0; i < browser.length; i++) {
      const key = browser.key(i);
      if (key && (key.startsWith(STORAGE_PREFIX) || key in LEGACY_KEY_MAP) && isClearedOnLogout(key)) doomed.push(key);
    }
    for (const key of doomed) browser.removeItem(key);
  }
  let deviceKeys: IDBValidKey[] = [];
  try {
    deviceKeys = await keys(deviceStore());
  } catch (error) {
    console.warn("[storage] Schlüssel konnten nicht gelesen werden", error);
  }
  for (const key of deviceKeys) {
    if (typeof key === "string" && key.startsWith(STORAGE_PREFIX) && isClearedOnLogout(key)) await removeItem(key);
  }
}

/** For tests: forget the opened IndexedDB handle. */
export function resetStorageForTests(): void {
  store = null;
}
