import { afterEach, describe, expect, it, vi } from "vitest";
import { setManualOffline } from "@/lib/network";
import { clearSession, writeSession } from "@/lib/session";
import { clearAllStorage, getItem, STORAGE_KEYS } from "@/lib/storage";
import { makeToken } from "@/test/tokens";
import { revokeAfterSignOut, revokeRemembered } from "./revocation";

const token = (jti: string, seconds = 3600) =>
  makeToken({ sub: "tenant-1", jti, exp: Math.floor(Date.now() / 1000) + seconds });

function stubServer(answer: (auth: string | null) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
    answer(new Headers(init?.headers).get("Authorization")),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const ok = () => Response.json({ success: true, message: "Abgemeldet." });

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await setManualOffline(false);
});

describe("revoking the token after 'Abmelden' (issue 12 §4)", () => {
  it("online: POST /auth/logout with the signed-out token, nothing kept", async () => {
    const old = token("a");
    const fetchMock = stubServer(ok);
    await revokeAfterSignOut(old);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe("/api/v1/auth/logout");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Authorization")).toBe(`Bearer ${old}`);
    expect(new Headers(init?.headers).get("X-API-Key")).toBeTruthy();
    expect(await getItem(STORAGE_KEYS.revokeLater)).toBeNull();
  });

  it("removes this device's push subscription on the server first, with the signed-out token (issue 29)", async () => {
    const old = token("p");
    localStorage.setItem("mp-push-device-id", JSON.stringify({ tenant: "tenant-1", id: "dev-1" }));
    const fetchMock = stubServer((auth) => (auth ? ok() : new Response(null, { status: 401 })));
    await revokeAfterSignOut(old);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      "DELETE /api/v1/tenant/push/devices/dev-1",
      "POST /api/v1/auth/logout",
    ]);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("Authorization")).toBe(`Bearer ${old}`);
    expect(localStorage.getItem("mp-push-device-id")).toBeNull();
  });

  it("offline: kept on the device and revoked after the next sign-in, with that token, not the new one", async () => {
    const old = token("old");
    await setManualOffline(true);
    const fetchMock = stubServer(ok);
    await revokeAfterSignOut(old);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await getItem(STORAGE_KEYS.revokeLater)).toEqual([old]);
    // A later sign-out or expiry clears the device, not the sign-outs still to tell the server.
    await clearAllStorage();
    expect(await getItem(STORAGE_KEYS.revokeLater)).toEqual([old]);

    await setManualOffline(false);
    // The new session is current: the request must still carry the old token.
    writeSession(token("new"));
    await revokeRemembered();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("Authorization")).toBe(`Bearer ${old}`);
    expect(await getItem(STORAGE_KEYS.revokeLater)).toBeNull();
  });

  it("keeps a token the server could not take now (no network, 5xx); drops one it no longer accepts (401)", async () => {
    const unreachable = token("u");
    const gone = token("g");
    stubServer(() => {
      throw new TypeError("Failed to fetch");
    });
    await revokeAfterSignOut(unreachable);
    expect(await getItem(STORAGE_KEYS.revokeLater)).toEqual([unreachable]);

    await setManualOffline(true);
    await revokeAfterSignOut(gone);
    await setManualOffline(false);
    stubServer((auth) =>
      auth === `Bearer ${gone}`
        ? Response.json({ error: "token_revoked", message: "Abgemeldet." }, { status: 401 })
        : Response.json({ error: "internal_error", message: "Fehler" }, { status: 503 }),
    );
    await revokeRemembered();
    expect(await getItem(STORAGE_KEYS.revokeLater)).toEqual([unreachable]);
  });

  it("forgets expired tokens without asking the server", async () => {
    const fetchMock = stubServer(ok);
    await revokeAfterSignOut(token("expired", -10));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await getItem(STORAGE_KEYS.revokeLater)).toBeNull();
  });
});
