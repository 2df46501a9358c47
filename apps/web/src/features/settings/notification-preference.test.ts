import { describe, expect, it } from "vitest";
import { getItem, STORAGE_KEYS } from "@/lib/storage";
import { readNotificationsEnabled, saveNotificationsEnabled } from "./notification-preference";

describe("notification preference", () => {
  it("is on by default and keeps the tenant's choice in device storage", async () => {
    expect(await readNotificationsEnabled()).toBe(true);
    await saveNotificationsEnabled(false);
    expect(await getItem(STORAGE_KEYS.notifications)).toBe(false);
    expect(await readNotificationsEnabled()).toBe(false);
    await saveNotificationsEnabled(true);
    expect(await readNotificationsEnabled()).toBe(true);
  });
});
