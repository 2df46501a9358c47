import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api, createStaffMember, createTenant, createTestContext, staffLogin, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

async function listedNames(token: string, limit = 100): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(ctx.app, token).get(
      `/api/v1/staff/tenants?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { name: string }[]; next_cursor: string | null };
    names.push(...body.items.map((i) => i.name));
    cursor = body.next_cursor;
  } while (cursor);
  return names;
}

describe("the tenant list in German order (issue 25 item 19)", () => {
  const NAMES: [string, string][] = [
    ["Zoe", "Becker"],
    ["Anna", "Bäcker"],
    ["Otto", "Backer"],
    ["Emil", "(Firma) Zander"],
    ["Ida", "'t Hooft"],
    ["Paul", "Österreicher"],
    ["Lea", "Ober"],
    ["Max", "Straßer"],
    ["Ben", "Strasser"],
    ["Udo", "adler"],
    ["Eva", "Bäcker"],
  ];

  it("sorts like Intl.Collator('de'), page after page, on SQLite and PostgreSQL", async () => {
    for (const [firstName, lastName] of NAMES) await createTenant(ctx.db, { firstName, lastName });
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await staffLogin(ctx.app, admin);
    const expected = [...NAMES]
      .sort(
        ([f1, l1], [f2, l2]) =>
          new Intl.Collator("de", { ignorePunctuation: true }).compare(l1, l2) ||
          new Intl.Collator("de", { ignorePunctuation: true }).compare(f1, f2),
      )
      .map(([f, l]) => `${f} ${l}`);
    // Bäcker next to Becker, the symbols not first.
    expect(expected.slice(0, 5)).toEqual(["Udo adler", "Otto Backer", "Anna Bäcker", "Eva Bäcker", "Zoe Becker"]);
    expect(await listedNames(token)).toEqual(expected);
    // The cursor carries on in the same order.
    expect(await listedNames(token, 2)).toEqual(expected);
  });

  it("keeps the order when a tenant's name is changed", async () => {
    await createTenant(ctx.db, { firstName: "Zoe", lastName: "Becker" });
    await createTenant(ctx.db, { firstName: "Otto", lastName: "Backer" });
    const renamed = await createTenant(ctx.db, { firstName: "Anna", lastName: "Zander" });
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await staffLogin(ctx.app, admin);
    const res = await api(ctx.app, token).patch(`/api/v1/staff/tenants/${renamed.id}`, { last_name: "Bäcker" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listedNames(token)).toEqual(["Otto Backer", "Anna Bäcker", "Zoe Becker"]);
  });
});
