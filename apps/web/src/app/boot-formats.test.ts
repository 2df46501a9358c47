import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { takeStartupSession } from "@/features/auth/session";
import { clearEarlyReads } from "@/lib/early-reads";
import * as format from "@/lib/format";
import { createQueryClient } from "@/lib/query-client";
import { clearSession } from "@/lib/session";
import { removeItem, STORAGE_KEYS, setItem } from "@/lib/storage";
import { tokenExpiringIn } from "@/test/tokens";
import { boot } from "./boot";

// The real function, watched: the test sees when it runs.
vi.mock("@/lib/format", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/format")>();
  return { ...actual, prepareFormats: vi.fn(actual.prepareFormats) };
});

let idle: (() => void)[];

beforeEach(() => {
  idle = [];
  vi.mocked(format.prepareFormats).mockClear();
  vi.stubGlobal(
    "requestIdleCallback",
    vi.fn((run: () => void) => {
      idle.push(run);
      return idle.length;
    }),
  );
  // The early reads of a signed-in start: answered, never looked at here.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({})),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  clearEarlyReads();
  await takeStartupSession();
  await removeItem(STORAGE_KEYS.authToken);
  await removeItem(STORAGE_KEYS.user);
});

describe("a signed-in start prepares the first screen's formatters when the browser is idle (issue 13)", () => {
  it("schedules them for an idle moment, not during boot", async () => {
    await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    await setItem(STORAGE_KEYS.user, { id: "t1", email: "anna@example.com", first_name: "Anna", last_name: "A" });
    await boot(createQueryClient());
    expect(format.prepareFormats).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    await vi.waitFor(() => expect(format.prepareFormats).toHaveBeenCalledTimes(1));
  });

  it("leaves a signed-out start alone", async () => {
    await boot(createQueryClient());
    expect(idle).toHaveLength(0);
    expect(format.prepareFormats).not.toHaveBeenCalled();
  });
});
