import * as apiPaths from "@/config/api-paths-start";
import { buildHeaders } from "@/lib/api/request";
import { resolveApiUrl } from "@/lib/api/urls";
import { isOffline } from "@/lib/network";
import { removeThisDevice } from "@/lib/push/device";
import { getItem, removeItem, STORAGE_KEYS, setItem } from "@/lib/storage";
import { checkToken } from "@/lib/token";

/*
 * The menu's 'Abmelden' signs out on the server too (docs/decisions/012-sign-out-revokes-the-token.md).
 * Loaded on demand: never part of the login screen's JavaScript, never in the way of the local sign-out.
 */

/** More are never needed: one per sign-out while offline, each dropped once revoked or expired. */
const MAX_REMEMBERED = 10;

type Outcome = "done" | "later";

/**
 * POST /auth/logout with exactly this token (never the current session's, which buildHeaders
 * would add). 2xx: revoked; 401: the server no longer accepts it anyway (expired, revoked, password
 * changed). Anything else, or no network: try again later.
 */
async function revoke(token: string): Promise<Outcome> {
  const headers = buildHeaders(undefined, { withToken: false });
  headers.set("Authorization", `Bearer ${token}`);
  try {
    const res = await fetch(resolveApiUrl(apiPaths.logout), { method: "POST", headers, credentials: "same-origin" });
    return res.ok || res.status === 401 ? "done" : "later";
  } catch {
    return "later";
  }
}

const stillValid = (token: string) => checkToken(token).kind === "valid";

async function remembered(): Promise<string[]> {
  const value = await getItem<unknown>(STORAGE_KEYS.revokeLater).catch(() => null);
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
}

async function keep(tokens: string[]): Promise<void> {
  const valid = [...new Set(tokens)].filter(stillValid).slice(-MAX_REMEMBERED);
  if (valid.length > 0) await setItem(STORAGE_KEYS.revokeLater, valid);
  else await removeItem(STORAGE_KEYS.revokeLater);
}

/**
 * After the local sign-out: revokes the token on the server, fire and forget. Offline (or when the
 * server cannot be reached) the token is kept on the device and revoked after the next sign-in
 * there, unless it expired before.
 */
export async function revokeAfterSignOut(token: string | null): Promise<void> {
  // This device's push subscription goes first, while the server still accepts the token, so the
  // next person signing in on this browser does not take the endpoint over (issue 29).
  await removeThisDevice(token && stillValid(token) && !isOffline() ? token : null);
  if (!token || !stillValid(token)) return;
  if (!isOffline() && (await revoke(token)) === "done") return;
  await keep([...(await remembered()), token]).catch((error: unknown) =>
    console.warn("[auth] Abmeldung konnte nicht für später gemerkt werden", error),
  );
}

/** Revokes the tokens signed out while offline (after a sign-in, and at start); keeps those that failed. */
export async function revokeRemembered(): Promise<void> {
  const tokens = await remembered();
  if (tokens.length === 0 || isOffline()) return;
  const left: string[] = [];
  for (const token of tokens.filter(stillValid)) {
    if ((await revoke(token)) === "later") left.push(token);
  }
  // Another sign-out may have added a token meanwhile.
  const added = (await remembered()).filter((token) => !tokens.includes(token));
  await keep([...left, ...added]).catch(() => undefined);
}
