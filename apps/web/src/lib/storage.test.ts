import { describe, expect, it } from "vitest";
import { allowConsoleError } from "@/test/console";
import {
  clearAllStorage,
  getBrowserItem,
  getItem,
  migrateLegacyKeys,
  removeItem,
  resetStorageForTests,
  STORAGE_KEYS,
  setItem,
} from "./storage";

function breakIndexedDb() {
  resetStorageForTests();
  globalThis.indexedDB = {
    open() {
      throw new Error("IndexedDB kaputt");
    },
  } as unknown as IDBFactory;
}

describe("device storage", () => {
  it("stores, reads and deletes values under the product keys", async () => {
    expect(STORAGE_KEYS.authToken).toBe("mieter_portal_auth_token");
    expect(STORAGE_KEYS.user).toBe("mieter_portal_user");
    await setItem(STORAGE_KEYS.user, { id: "1", email: "a@b.de" });
    expect(await getItem(STORAGE_KEYS.user)).toEqual({ id: "1", email: "a@b.de" });
    await removeItem(STORAGE_KEYS.user);
    expect(await getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it("returns empty when reading fails", async () => {
    breakIndexedDb();
    await expect(getItem(STORAGE_KEYS.authToken)).resolves.toBeNull();
  });

  it("logs and re-throws when writing fails", async () => {
    allowConsoleError();
    breakIndexedDb();
    await expect(setItem(STORAGE_KEYS.authToken, "x")).rejects.toThrow("IndexedDB kaputt");
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("mieter_portal_auth_token"), expect.any(Error));
  });

  it("logs and re-throws when deleting fails", async () => {
    allowConsoleError();
    breakIndexedDb();
    await expect(removeItem(STORAGE_KEYS.user)).rejects.toThrow("IndexedDB kaputt");
    expect(console.error).toHaveBeenCalledTimes(1);
  });
});

describe("migration of older browser-storage keys", () => {
  it("moves legacy keys into device storage and removes them from browser storage", async () => {
    localStorage.setItem("auth_token", "a.b.c");
    localStorage.setItem("user", JSON.stringify({ id: "7", email: "alt@example.com" }));
    localStorage.setItem("theme", "dark");

    const migrated = await migrateLegacyKeys();

    expect(migrated.sort()).toEqual(["auth_token", "theme", "user"]);
    expect(await getItem(STORAGE_KEYS.authToken)).toBe("a.b.c");
    expect(await getItem(STORAGE_KEYS.user)).toEqual({ id: "7", email: "alt@example.com" });
    expect(await getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("keeps what device storage already has", async () => {
    await setItem(STORAGE_KEYS.authToken, "neu.neu.neu");
    localStorage.setItem("auth_token", "alt.alt.alt");
    await migrateLegacyKeys();
    expect(await getItem(STORAGE_KEYS.authToken)).toBe("neu.neu.neu");
    expect(localStorage.getItem("auth_token")).toBeNull();
  });

  it("restores device storage from the product keys in browser storage and keeps those", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "x.y.z");
    await migrateLegacyKeys();
    expect(await getItem(STORAGE_KEYS.authToken)).toBe("x.y.z");
    expect(getBrowserItem(STORAGE_KEYS.authToken)).toBe("x.y.z");
  });
});

describe("clearAllStorage", () => {
  it("removes the tenant's data everywhere but keeps device preferences", async () => {
    await setItem(STORAGE_KEYS.authToken, "t");
    await setItem(STORAGE_KEYS.user, { id: "1" });
    await setItem(STORAGE_KEYS.offlineMode, true);
    await setItem(STORAGE_KEYS.theme, "dark");
    await setItem("fremder_schluessel", "bleibt");
    localStorage.setItem(STORAGE_KEYS.authToken, "t");
    localStorage.setItem("auth_token", "legacy");
    localStorage.setItem("anderes", "bleibt");

    await clearAllStorage();

    expect(await getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(await getItem(STORAGE_KEYS.user)).toBeNull();
    expect(await getItem(STORAGE_KEYS.offlineMode)).toBeNull();
    expect(await getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(await getItem("fremder_schluessel")).toBe("bleibt");
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(localStorage.getItem("anderes")).toBe("bleibt");
  });
});
