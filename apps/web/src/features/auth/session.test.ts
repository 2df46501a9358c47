import { describe, expect, it, vi } from "vitest";
import { getBrowserItem, getItem, STORAGE_KEYS, setItem } from "@/lib/storage";
import { makeToken, tokenExpiringIn } from "@/test/tokens";
import { clearSessionData, persistSession, readStartupSession, toSessionUser } from "./session";

const user = { id: "u-1", email: "demo@example.com", firstName: "Anna", lastName: "Schneider" };

describe("readStartupSession", () => {
  it("signs in with a stored user and a token that has not expired", async () => {
    const token = tokenExpiringIn(3600);
    await setItem(STORAGE_KEYS.authToken, token);
    await setItem(STORAGE_KEYS.user, user);
    const result = await readStartupSession();
    expect(result.kind).toBe("signed-in");
    if (result.kind === "signed-in") expect(result.session).toEqual({ token, user });
  });

  it("reports an expired token", async () => {
    await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(-10));
    await setItem(STORAGE_KEYS.user, user);
    expect((await readStartupSession()).kind).toBe("expired");
  });

  it("only warns about a malformed token and changes nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await setItem(STORAGE_KEYS.authToken, "kein-token");
    await setItem(STORAGE_KEYS.user, user);
    expect((await readStartupSession()).kind).toBe("malformed");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await getItem(STORAGE_KEYS.authToken)).toBe("kein-token");
    warn.mockRestore();
  });

  it("is signed out when token or user is missing", async () => {
    expect((await readStartupSession()).kind).toBe("none");
    await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    expect((await readStartupSession()).kind).toBe("none");
  });

  it("migrates older browser-storage keys first", async () => {
    localStorage.setItem("auth_token", makeToken({ exp: Math.floor(Date.now() / 1000) + 60 }));
    localStorage.setItem("user", JSON.stringify(user));
    expect((await readStartupSession()).kind).toBe("signed-in");
  });
});

describe("persistSession and clearSessionData", () => {
  it("writes token and user to device and browser storage, and clears them again", async () => {
    await persistSession({ token: "a.b.c", user });
    expect(await getItem(STORAGE_KEYS.authToken)).toBe("a.b.c");
    expect(await getItem(STORAGE_KEYS.user)).toEqual(user);
    expect(getBrowserItem(STORAGE_KEYS.authToken)).toBe("a.b.c");
    expect(JSON.parse(getBrowserItem(STORAGE_KEYS.user) ?? "null")).toEqual(user);

    await clearSessionData();
    expect(await getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(getBrowserItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe("toSessionUser", () => {
  it("needs id and e-mail", () => {
    expect(toSessionUser({ email: "x@y.de" })).toBeNull();
    expect(toSessionUser({ id: "1" })).toBeNull();
    expect(toSessionUser({ id: "1", email: "x@y.de", address: null })).toEqual({
      id: "1",
      email: "x@y.de",
      firstName: "",
      lastName: "",
      address: null,
    });
  });
});
