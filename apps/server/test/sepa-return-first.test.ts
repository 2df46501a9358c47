import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { createMandate } from "../src/domain/sepa/mandates.js";
import { runFileAt } from "./clock.js";
import { saveTestCreditor } from "./factories/sepa.js";
import { BUILDING_A } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

// Issue 28, review finding: the bank's statements may come in any order. When the statement with a
// returned debit is imported before the one with the debit's credit, the credit must not pay the
// charge: the money went back with the return (net 0 €), so the charge stays open.

runFileAt("2026-03-20T09:00:00Z");

const IBANS = ["DE02120300000000202051", "DE02500105170137075030", "DE02100500000054540402"];
const actor = { staffId: null, name: "Test", ip: null };

let ctx: TestContext;
let verwalter: string;
const tenants: TenantFixture[] = [];
let statement: string;

const as = (token: string) => api(ctx.app, token);
const chargeOf = (t: TenantFixture, period: string) =>
  ctx.db
    .selectFrom("payments")
    .select(["id", "status", "paid_cents", "amount_cents"])
    .where("tenancy_id", "=", t.tenancyId)
    .where("period", "=", period)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestContext();
  verwalter = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [BUILDING_A]));
  await saveTestCreditor(ctx.db);
  for (let i = 0; i < 3; i++) {
    const t = await createTenant(ctx.db, {
      firstName: `Mieter${i}`,
      lastName: `Lastschrift${i}`,
      apartment: `WE ${i}`,
    });
    tenants.push(t);
    await ensureRentCharges(ctx.db, { tenancyId: t.tenancyId });
    const m = await createMandate(
      ctx.db,
      { tenancyId: t.tenancyId, signedOn: "2026-03-01", debtorName: `Mieter${i} Lastschrift${i}`, iban: IBANS[i]! },
      actor,
    );
    expect(m).toHaveProperty("reference");
  }
  const made = await as(verwalter).post("/api/v1/staff/sepa/runs", { month: "2026-04", collection_date: "2026-04-01" });
  expect(made.statusCode, made.body).toBe(201);
  const run = made.json();
  let xml = await readFile(path.join(import.meta.dirname, "fixtures", "sepa", "camt053-collection-return.xml"), "utf8");
  for (const [i, t] of tenants.entries()) {
    const item = run.items.find((x: { tenancy_id: string }) => x.tenancy_id === t.tenancyId);
    const ref = item.end_to_end_id.split("-").slice(0, 3).join("-");
    xml = xml
      .replaceAll(`{{E2E_${i + 1}}}`, item.end_to_end_id)
      .replaceAll(`{{MANDATE_${i + 1}}}`, item.mandate_reference)
      .replaceAll(`{{REF_${i + 1}}}`, ref);
  }
  statement = xml;
});
afterAll(() => ctx.close());

/** The fixture's statement with only the entries whose indexes are given (0–2 credits, 3 the return). */
function statementWith(entries: number[]): string {
  const parts = statement.split(/(?=<Ntry>)|(?<=<\/Ntry>)/);
  let index = -1;
  return parts
    .filter((part) => {
      if (!part.startsWith("<Ntry>")) return true;
      index++;
      return entries.includes(index);
    })
    .join("");
}
const importXml = (content: string, filename: string) =>
  as(verwalter).post("/api/v1/staff/ledger/imports", { filename, format: "camt", content });

describe("a return imported before its credit", () => {
  it("leaves the charge open: the later credit is not booked as Bernd's payment", async () => {
    const returned = await importXml(statementWith([3]), "auszug-2.xml");
    expect(returned.statusCode, returned.body).toBe(201);
    expect(await chargeOf(tenants[1]!, "2026-04")).toMatchObject({ paid_cents: 0 });
    const credited = await importXml(statementWith([1]), "auszug-1.xml");
    expect(credited.statusCode, credited.body).toBe(201);
    const [line] = credited.json().lines as { status: string; reason: string }[];
    expect(line!.status).toBe("ignored");
    expect(line!.reason).toContain("zurückgegeben");
    expect(await chargeOf(tenants[1]!, "2026-04")).toMatchObject({ paid_cents: 0 });
    expect((await chargeOf(tenants[1]!, "2026-04")).status).not.toBe("paid");
  });
});
