import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { recordAudit } from "../src/domain/audit/audit.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

const actor = { staffId: null, name: "System", ip: null };

let entries = 0;
async function logAt(instant: string) {
  vi.setSystemTime(new Date(instant));
  entries += 1;
  const action = `clock-${entries}`;
  await recordAudit(ctx.db, actor, { action, entityType: "staff_user" });
  const row = await ctx.db.selectFrom("audit_log").select("at").where("action", "=", action).executeTakeFirstOrThrow();
  return row.at;
}

describe("audit entries' instants", () => {
  it("stay strictly increasing within a second, and follow a clock set back instead of stamping a future time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(await logAt("2030-05-01T10:00:00.000Z")).toBe("2030-05-01T10:00:00.000Z");
    // The same millisecond again: one later, so the order of one request's entries holds.
    expect(await logAt("2030-05-01T10:00:00.000Z")).toBe("2030-05-01T10:00:00.001Z");
    // Set back by a year (a corrected clock, or a test on a fixed date before this one).
    expect(await logAt("2029-05-01T10:00:00.000Z")).toBe("2029-05-01T10:00:00.000Z");
  });
});
