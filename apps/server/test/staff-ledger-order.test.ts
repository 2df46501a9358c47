import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createStaffMember, createTenant, createTestContext, staffLogin, type TestContext } from "./helpers.js";

// Issue 25 item 19, the rent accounts: the list sorted by the raw last name (SQLite compares bytes:
// "Backer", "Becker", "Bäcker"; "(Firma) Zander" and "'t Hooft" first). It sorts as the staff tenant
// list does, by tenants.sort_key (Intl.Collator("de")), page after page, on SQLite and PostgreSQL.

const A = "Ahornweg 3, 10969 Berlin";
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

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const [firstName, lastName] of NAMES) await createTenant(ctx.db, { address: A, firstName, lastName });
  token = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [A]));
});
afterAll(async () => {
  await ctx.close();
});

async function listedNames(limit: number): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(ctx.app, token).get(
      `/api/v1/staff/ledger/accounts?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { tenant_name: string }[]; next_cursor: string | null };
    names.push(...body.items.map((i) => i.tenant_name));
    cursor = body.next_cursor;
  } while (cursor);
  return names;
}

describe("the rent accounts in German order (issue 25 item 19)", () => {
  it("sorts like Intl.Collator('de') by last name, then first name, page after page", async () => {
    const collator = new Intl.Collator("de", { ignorePunctuation: true });
    const expected = [...NAMES]
      .sort(([f1, l1], [f2, l2]) => collator.compare(l1, l2) || collator.compare(f1, f2))
      .map(([f, l]) => `${f} ${l}`);
    // Bäcker next to Becker, the names with symbols not first.
    expect(expected.slice(0, 5)).toEqual(["Udo adler", "Otto Backer", "Anna Bäcker", "Eva Bäcker", "Zoe Becker"]);
    expect(await listedNames(100)).toEqual(expected);
    // The cursor carries on in the same order.
    expect(await listedNames(2)).toEqual(expected);
    expect(await listedNames(1)).toEqual(expected);
  });

  it("refuses a cursor it did not give, in German", async () => {
    const res = await api(ctx.app, token).get("/api/v1/staff/ledger/accounts?limit=2&cursor=kaputt");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Bitte laden Sie die Liste neu.");
  });
});
