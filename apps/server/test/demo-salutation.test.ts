import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../src/db/seed/demo.js";
import { seedDemoStaffIfMissing } from "../src/db/seed/demo-staff.js";
import { createTestContext, type TestContext } from "./helpers.js";

// Issue 25 item 10 and docs/decisions/044-salutation-without-gender.md: the portal stores no gender,
// so {Anrede} and the salutation a reply starts with give the full name ("Guten Tag Anna Meyer,").
// The demo's own letters greet the same way, not "Guten Tag Herr Weber" beside replies that cannot.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoIfEmpty(ctx.db, ctx.app.files);
  await seedDemoStaffIfMissing(ctx.db);
});
afterAll(() => ctx.close());

const GENDERED = /\b(Herr|Herrn|Frau|Sehr geehrte[rs]?)\b/;

describe("the demo's salutations", () => {
  it("greet a tenant by full name, as the console's {Anrede} does, never with Herr or Frau", async () => {
    const rows = await ctx.db
      .selectFrom("messages as m")
      .innerJoin("message_threads as t", "t.id", "m.thread_id")
      .innerJoin("tenants as p", "p.id", "t.tenant_id")
      .select(["m.content", "p.first_name", "p.last_name"])
      .where("m.direction", "=", "inbound")
      .execute();
    const greetings = rows.filter((r) => /^(Guten Tag|Sehr geehrte|Hallo|Liebe)/.test(r.content));
    expect(greetings.length).toBeGreaterThanOrEqual(2);
    for (const r of greetings) {
      expect(r.content, r.content).not.toMatch(GENDERED);
      expect(r.content.startsWith(`Guten Tag ${r.first_name} ${r.last_name},`), r.content).toBe(true);
    }
  });

  it("has no Textbaustein that assumes a gender", async () => {
    const replies = await ctx.db.selectFrom("canned_replies").select(["title", "body"]).execute();
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) expect(`${r.title} ${r.body}`).not.toMatch(GENDERED);
  });
});
