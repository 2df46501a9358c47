import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { commitStatement, previewStatement, type StaffScope } from "../src/domain/ledger/bank-import.js";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import type { StatementLine } from "../src/lib/bank-statement.js";
import { BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

// Issue 24 items 1–4 and 12 (decision 027): a statement line is booked exactly once — pending lines
// never, the same booking in another export layout of the same account once, a line that may be a
// duplicate only on request, a batch entry as one line to split, a refused line never — and a line
// of an account in another building waits for someone who looks after it.

const LEDGER = "/api/v1/staff/ledger";
const TODAY = "2026-11-10";
const ACCOUNT = "DE44500105175407324931";
let ctx: TestContext;
const tenants: Record<string, TenantFixture> = {};
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
const ALL: StaffScope = { allBuildings: true, buildingIds: [] };
let actor: AuditActor;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants.erika = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Erika", lastName: "Muster" });
  tenants.juergen = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Jürgen", lastName: "Maßig" });
  tenants.bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  for (const t of Object.values(tenants)) await ensureRentCharges(ctx.db, { tenancyId: t.tenancyId, today: TODAY });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.erika = await login(ctx.app, tenants.erika!);
  actor = { staffId: people.admin.id, name: "Ada Admin", ip: null };
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const referenceOf = async (t: TenantFixture) =>
  (
    await ctx.db
      .selectFrom("rent_accounts")
      .select("reference")
      .where("tenancy_id", "=", t.tenancyId)
      .executeTakeFirstOrThrow()
  ).reference;

/** A statement line as a layout's reader gives it; `key` is that layout's own key for it. */
function line(n: number, key: string, fields: Partial<StatementLine>): StatementLine {
  return {
    line: n,
    bookedOn: "2026-11-03",
    amountCents: 75_000,
    payerName: null,
    payerIban: null,
    remittance: null,
    bankRef: null,
    dedupeKey: key,
    valueOn: null,
    currency: "EUR",
    endToEndId: null,
    accountIban: null,
    pending: false,
    batchCount: null,
    refusal: null,
    ...fields,
  };
}
const statement = (lines: StatementLine[], format: "csv" | "camt" = "csv") => ({
  format,
  layoutLabel: null,
  warnings: [],
  lines,
  filename: "auszug",
});
const book = (lines: StatementLine[], format: "csv" | "camt" = "csv", bookAnyway?: number[]) =>
  commitStatement(ctx.db, { ...statement(lines, format), ...(bookAnyway ? { bookAnyway } : {}) }, ALL, actor);
const statuses = (r: { lines: { status: string }[] }) => r.lines.map((l) => l.status);
const paymentsOf = (t: TenantFixture) =>
  ctx.db
    .selectFrom("bank_transactions")
    .select(["amount_cents", "booked_on"])
    .where("tenancy_id", "=", t.tenancyId)
    .orderBy("booked_on")
    .execute();

describe("the same bookings in four layouts of one account, and a pending line", () => {
  it("books each payment once: pending never, then booked with its real day; other layouts are duplicates", async () => {
    const erika = await referenceOf(tenants.erika!);
    const juergen = await referenceOf(tenants.juergen!);
    const erikaIban = "DE89370400440532013000";
    const juergenIban = "DE02120300000000202051";
    // Week 1, Sparkasse CSV-CAMT: Erika's rent booked, Jürgen's 1.413,56 € only pending.
    const week1 = [
      line(1, "csv:line:s1", {
        remittance: `Miete November ${erika}`,
        payerName: "Erika Muster",
        payerIban: erikaIban,
        valueOn: "2026-11-03",
        endToEndId: "E2E-2026-11-0001",
        accountIban: ACCOUNT,
      }),
      line(2, "csv:line:s2", {
        bookedOn: "2026-11-04",
        amountCents: 141_356,
        remittance: `Miete 11/2026 ${juergen}`,
        payerName: "Jürgen Maßig",
        payerIban: juergenIban,
        accountIban: ACCOUNT,
        pending: true,
      }),
    ];
    const preview = await previewStatement(ctx.db, statement(week1), ALL);
    expect(statuses(preview)).toEqual(["match", "pending"]);
    expect(preview.lines[1]!.reason).toContain("vorgemerkt, wird nicht gebucht");
    const first = await book(week1);
    expect(first.totals).toMatchObject({ match: 1, pending: 1 });
    expect(await paymentsOf(tenants.juergen!)).toEqual([]);

    // Week 2, Sparkasse CSV-CAMT again: Erika's line again, Jürgen's now booked (on the 5th).
    const juergenBooked = {
      bookedOn: "2026-11-05",
      valueOn: "2026-11-04",
      amountCents: 141_356,
      remittance: `Miete 11/2026 ${juergen}`,
      payerName: "Jürgen Maßig",
      payerIban: juergenIban,
      accountIban: ACCOUNT,
    };
    const week2 = [week1[0]!, line(2, "csv:line:s3", juergenBooked)];
    expect(statuses(await book(week2))).toEqual(["duplicate", "match"]);

    // The same days as Sparkasse CSV-MT940 (no end-to-end id, other keys), the documented CSV
    // (no account, no value day, the bank's own reference, IBAN with spaces removed) and CAMT.053.
    const mt940 = [
      line(1, "csv:line:m1", {
        remittance: `Miete November ${erika}`,
        payerIban: erikaIban,
        valueOn: "2026-11-03",
        accountIban: ACCOUNT,
      }),
      line(2, "csv:line:m2", { ...juergenBooked, remittance: `Miete 11/2026 ${juergen}`, payerName: "Juergen Massig" }),
    ];
    expect(statuses(await book(mt940))).toEqual(["duplicate", "duplicate"]);
    const documented = [
      line(1, "csv:ref:2026110300123", {
        remittance: `Miete November ${erika}`,
        payerIban: erikaIban,
        bankRef: "2026110300123",
      }),
      // The documented CSV books on the value day.
      line(2, "csv:ref:2026110400045", {
        bookedOn: "2026-11-04",
        amountCents: 141_356,
        remittance: `MIETE 11-2026 ${juergen.toLowerCase()}`,
        payerIban: juergenIban,
        bankRef: "2026110400045",
      }),
    ];
    expect(statuses(await book(documented))).toEqual(["duplicate", "duplicate"]);
    const camt = [
      line(1, "camt:ref:AS-1", {
        remittance: `Miete November ${erika}`,
        payerIban: erikaIban,
        bankRef: "AS-1",
        endToEndId: "E2E-2026-11-0001",
        accountIban: ACCOUNT,
      }),
      line(2, "camt:ref:AS-2", { ...juergenBooked, bankRef: "AS-2", remittance: null }),
    ];
    const camtPreview = await previewStatement(ctx.db, statement(camt, "camt"), ALL);
    // Jürgen's CAMT line has no remittance: recognised as the same booking only as "possibly".
    expect(statuses(camtPreview)).toEqual(["duplicate", "possible_duplicate"]);
    expect(statuses(await book(camt, "camt"))).toEqual(["duplicate", "possible_duplicate"]);

    expect(await paymentsOf(tenants.erika!)).toEqual([{ amount_cents: 75_000, booked_on: "2026-11-03" }]);
    expect(await paymentsOf(tenants.juergen!)).toEqual([{ amount_cents: 141_356, booked_on: "2026-11-05" }]);
    // The tenant's own account shows the payment once.
    const finances = await as("erika").get("/api/v1/tenant/finances?year=2026");
    expect(finances.statusCode).toBe(200);
    const november = finances.json().payments.filter((p: { status: string }) => p.status === "paid");
    expect(november).toHaveLength(1);
  });

  it("two equal transfers against one booked: one duplicate, one new", async () => {
    const iban = "DE75512108001245126199";
    const same = { bookedOn: "2026-11-06", amountCents: 5_000, payerIban: iban, remittance: "Garage November" };
    await book([line(1, "csv:line:g1", same)]);
    const again = await book([line(1, "camt:ref:G-1", same), line(2, "camt:ref:G-2", same)], "camt");
    expect(statuses(again)).toEqual(["duplicate", "unmatched"]);
  });

  it("two lines of the same kind of file with different bank references are two bookings", async () => {
    const same = {
      bookedOn: "2026-11-06",
      amountCents: 1_234,
      payerIban: "DE68210501700012345678",
      remittance: "Gutschrift",
    };
    await book([line(1, "csv:ref:R-100", { ...same, bankRef: "R-100" })]);
    expect(statuses(await book([line(1, "csv:ref:R-101", { ...same, bankRef: "R-101" })]))).toEqual(["unmatched"]);
    // Another kind of file may number its references otherwise: the same booking.
    expect(statuses(await book([line(1, "camt:ref:X-9", { ...same, bankRef: "X-9" })], "camt"))).toEqual(["duplicate"]);
  });

  it("a line that may be a duplicate waits for a decision; booked when asked to; another account never the same", async () => {
    const iban = "DE12500105170648489890";
    const booked = { bookedOn: "2026-11-06", amountCents: 6_100, payerIban: iban, accountIban: ACCOUNT };
    await book([line(1, "csv:line:p1", { ...booked, remittance: "Nebenkosten" })]);
    // Monday after Friday the 6th: one bank day later, other text.
    const maybe = line(1, "camt:ref:P-1", {
      bookedOn: "2026-11-09",
      amountCents: 6_100,
      payerIban: iban,
      remittance: "NK Nachzahlung",
    });
    const otherAccount = line(2, "camt:ref:P-2", {
      bookedOn: "2026-11-06",
      amountCents: 6_100,
      payerIban: iban,
      remittance: "Nebenkosten",
      accountIban: "DE02100100109876543210",
    });
    const held = await book([maybe, otherAccount], "camt");
    expect(statuses(held)).toEqual(["possible_duplicate", "unmatched"]);
    expect(held.lines[0]!.reason).toContain("Trotzdem buchen");
    expect(held.totals).toMatchObject({ possible_duplicate: 1, unmatched: 1 });
    const written = await ctx.db
      .selectFrom("bank_transactions")
      .select("id")
      .where("bank_ref", "=", "camt:ref:P-1")
      .execute();
    expect(written).toEqual([]);
    const anyway = await book([maybe], "camt", [1]);
    expect(statuses(anyway)).toEqual(["unmatched"]);
    expect(anyway.lines[0]!.reason).toContain("Trotzdem gebucht");
  });

  it("refuses a line in another currency and leaves a batch entry to be split", async () => {
    const res = await book(
      [
        line(1, "camt:ref:R-1", {
          amountCents: 20_000,
          currency: "CHF",
          refusal: "Betrag in CHF – nur Euro werden gebucht.",
        }),
        line(2, "camt:ref:B-1", { bookedOn: "2026-11-07", amountCents: 128_590, batchCount: 2, remittance: "Sammler" }),
      ],
      "camt",
    );
    expect(statuses(res)).toEqual(["refused", "unmatched"]);
    expect(res.lines[0]!.reason).toContain("CHF");
    expect(res.lines[1]!.reason).toBe("Sammelbuchung mit 2 Zahlungen ohne Einzelbeträge – bitte aufteilen.");
    expect(
      await ctx.db.selectFrom("bank_transactions").select("id").where("bank_ref", "=", "camt:ref:R-1").execute(),
    ).toEqual([]);
    const row = await ctx.db
      .selectFrom("bank_transactions")
      .select(["id", "amount_cents", "tenancy_id"])
      .where("bank_ref", "=", "camt:ref:B-1")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount_cents: 128_590, tenancy_id: null });
  });
});

describe("splitting a waiting line", () => {
  it("books parts that sum exactly to the line, each to an account of my buildings", async () => {
    const waiting = (await as("admin").get(`${LEDGER}/unmatched?limit=100`))
      .json()
      .items.find((l: { amount: number }) => l.amount === 1285.9);
    expect(waiting.reason).toContain("Sammelbuchung");
    const url = `${LEDGER}/unmatched/${waiting.id}/assign`;
    const wrongSum = await as("verwalterA").post(url, {
      parts: [
        { tenancy_id: tenants.erika!.tenancyId, amount: 750 },
        { tenancy_id: tenants.juergen!.tenancyId, amount: 500 },
      ],
    });
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json().message).toContain("genau den Betrag");
    const outOfScope = await as("verwalterA").post(url, {
      parts: [
        { tenancy_id: tenants.erika!.tenancyId, amount: 750 },
        { tenancy_id: tenants.bernd!.tenancyId, amount: 535.9 },
      ],
    });
    expect(outOfScope.statusCode).toBe(404);
    const split = await as("verwalterA").post(url, {
      parts: [
        { tenancy_id: tenants.erika!.tenancyId, amount: 750 },
        { tenancy_id: tenants.juergen!.tenancyId, amount: 535.9 },
      ],
    });
    expect(split.statusCode).toBe(200);
    expect(await paymentsOf(tenants.juergen!)).toContainEqual({ amount_cents: 53_590, booked_on: "2026-11-07" });
    const again = (await as("admin").get(`${LEDGER}/unmatched?limit=100`)).json().items;
    expect(again.find((l: { id: string }) => l.id === waiting.id)).toBeUndefined();
    expect((await as("verwalterA").post(url, { tenancy_id: tenants.erika!.tenancyId })).statusCode).toBe(404);
    // Nothing of the line counts twice: the parts are the money, the line is its record.
    const credit = await ctx.db
      .selectFrom("bank_transactions")
      .select(["amount_cents"])
      .where("parent_id", "=", waiting.id)
      .execute();
    expect(credit.reduce((s, r) => s + r.amount_cents, 0)).toBe(128_590);
  });
});

describe("a line of an account in another building", () => {
  it("is neither booked nor shown to a Verwalter of another building, and waits for one who looks after it", {
    timeout: 120_000,
  }, async () => {
    const ref = await referenceOf(tenants.erika!);
    const content = [
      "Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz",
      `12.11.2026;33,00;Miete ${ref};Erika Muster;DE89370400440532013000;SCOPE-1`,
    ].join("\n");
    for (const path of ["/imports/preview", "/imports"]) {
      const res = await as("verwalterB").post(`${LEDGER}${path}`, { filename: "b.csv", content });
      expect(res.statusCode, path).toBeLessThan(300);
      expect(res.json().lines[0], path).toMatchObject({
        status: "other_building",
        payer_name: null,
        payer_iban: null,
        remittance: null,
        tenancy_id: null,
        tenant_name: null,
      });
      expect(res.json().lines[0].reason).toContain("gehört zu einem anderen Gebäude");
    }
    const row = await ctx.db
      .selectFrom("bank_transactions")
      .select(["id", "tenancy_id", "suggested_tenancy_id"])
      .where("bank_ref", "=", "csv:ref:SCOPE-1")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenancy_id: null, suggested_tenancy_id: tenants.erika!.tenancyId });
    const listed = async (who: string) =>
      (await as(who).get(`${LEDGER}/unmatched?limit=100`)).json().items.find((l: { id: string }) => l.id === row.id);
    expect(await listed("verwalterB")).toBeUndefined();
    expect(await listed("admin")).toMatchObject({ suggested_tenancy_id: tenants.erika!.tenancyId });
    const forA = await listed("verwalterA");
    expect(forA).toMatchObject({
      suggested_tenancy_id: tenants.erika!.tenancyId,
      suggested_tenant_name: "Erika Muster",
    });
    // Verwalter B may not take it either.
    const taken = await as("verwalterB").post(`${LEDGER}/unmatched/${row.id}/assign`, {
      tenancy_id: tenants.bernd!.tenancyId,
    });
    expect(taken.statusCode).toBe(404);
    const ok = await as("verwalterA").post(`${LEDGER}/unmatched/${row.id}/assign`, {
      tenancy_id: forA.suggested_tenancy_id,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a Hausmeister and tenant tokens on every import and waiting-list route", async () => {
    const routes: [string, string, object | undefined][] = [
      ["POST", `${LEDGER}/imports/preview`, { filename: "a.csv", content: "x" }],
      ["POST", `${LEDGER}/imports`, { filename: "a.csv", content: "x" }],
      ["GET", `${LEDGER}/unmatched`, undefined],
      ["POST", `${LEDGER}/unmatched/${tenants.erika!.tenancyId}/assign`, { tenancy_id: tenants.erika!.tenancyId }],
    ];
    for (const [method, url, payload] of routes) {
      const hausmeister = await as("hausmeisterA").inject({ method: method as "GET", url, payload });
      expect(hausmeister.statusCode, `${method} ${url}`).toBe(403);
      const tenant = await as("erika").inject({ method: method as "GET", url, payload });
      expect([401, 403], `${method} ${url}`).toContain(tenant.statusCode);
      const nobody = await api(ctx.app).inject({ method: method as "GET", url, payload });
      expect(nobody.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

// The same with the files as the banks export them, read by the route (lib/bank-statement).
describe("statements as files: Sparkasse CSV-CAMT twice, CSV-MT940, the documented CSV, CAMT.053", () => {
  const SPK_CAMT =
    '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Glaeubiger ID";"Mandatsreferenz";"Kundenreferenz (End-to-End)";"Sammlerreferenz";"Lastschrift Ursprungsbetrag";"Auslagenersatz Ruecklastschrift";"Beguenstigter/Zahlungspflichtiger";"Kontonummer/IBAN";"BIC (SWIFT-Code)";"Betrag";"Waehrung";"Info"';
  const SPK_MT940 =
    '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Beguenstigter/Zahlungspflichtiger";"Kontonummer";"BLZ";"Betrag";"Waehrung";"Info"';
  const q = (cells: string[]) => cells.map((c) => `"${c}"`).join(";");

  // Each file is read in a worker thread started from source: slow on a loaded machine, not stuck.
  it("books each payment once and shows the layout read", { timeout: 120_000 }, async () => {
    const frieda = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Frieda", lastName: "Fluss" });
    const karl = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Karl", lastName: "Kamm" });
    for (const t of [frieda, karl]) await ensureRentCharges(ctx.db, { tenancyId: t.tenancyId, today: TODAY });
    const fr = await referenceOf(frieda);
    const ka = await referenceOf(karl);
    const frIban = "DE91100000000123456789";
    const kaIban = "DE27100777770209299700";
    const week1 = [
      SPK_CAMT,
      q([
        ACCOUNT,
        "16.11.26",
        "16.11.26",
        "GUTSCHR. UEBERWEISUNG",
        `Miete Dezember ${fr}`,
        "",
        "",
        "E2E-F-12",
        "",
        "",
        "",
        "Frieda Fluss",
        frIban,
        "COBADEFFXXX",
        "750,00",
        "EUR",
        "Umsatz gebucht",
      ]),
      q([
        ACCOUNT,
        "17.11.26",
        "17.11.26",
        "GUTSCHR. UEBERWEISUNG",
        `Miete Dezember ${ka}`,
        "",
        "",
        "NOTPROVIDED",
        "",
        "",
        "",
        "Karl Kamm",
        kaIban,
        "BYLADEM1001",
        "1.413,56",
        "EUR",
        "Umsatz vorgemerkt",
      ]),
    ].join("\r\n");
    const post = (path: string, filename: string, content: string) =>
      as("verwalterA").post(`${LEDGER}${path}`, { filename, content });
    const preview = await post("/imports/preview", "spk1.csv", week1);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().layout_label).toContain("Sparkasse");
    expect(statuses(preview.json())).toEqual(["match", "pending"]);
    expect(statuses((await post("/imports", "spk1.csv", week1)).json())).toEqual(["match", "pending"]);

    const week2 = [
      SPK_CAMT,
      week1.split("\r\n")[1]!,
      q([
        ACCOUNT,
        "19.11.26",
        "17.11.26",
        "GUTSCHR. UEBERWEISUNG",
        `Miete Dezember ${ka}`,
        "",
        "",
        "NOTPROVIDED",
        "",
        "",
        "",
        "Karl Kamm",
        kaIban,
        "BYLADEM1001",
        "1.413,56",
        "EUR",
        "Umsatz gebucht",
      ]),
    ].join("\r\n");
    expect(statuses((await post("/imports", "spk2.csv", week2)).json())).toEqual(["duplicate", "match"]);

    const mt940 = [
      SPK_MT940,
      q([
        ACCOUNT,
        "16.11.26",
        "16.11.26",
        "GUTSCHR. UEBERWEISUNG",
        `Miete Dezember ${fr}`,
        "Frieda Fluss",
        frIban,
        "COBADEFFXXX",
        "750,00",
        "EUR",
        "Umsatz gebucht",
      ]),
      q([
        ACCOUNT,
        "19.11.26",
        "17.11.26",
        "GUTSCHR. UEBERWEISUNG",
        `Miete Dezember ${ka}`,
        "Karl Kamm",
        kaIban,
        "BYLADEM1001",
        "1.413,56",
        "EUR",
        "Umsatz gebucht",
      ]),
    ].join("\r\n");
    expect(statuses((await post("/imports", "mt940.csv", mt940)).json())).toEqual(["duplicate", "duplicate"]);

    const documented = [
      "Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz",
      `16.11.2026;750,00;Miete Dezember ${fr};Frieda Fluss;${frIban};2026111600017`,
      `17.11.2026;1.413,56;Miete Dezember ${ka};Karl Kamm;${kaIban};2026111700023`,
    ].join("\n");
    expect(statuses((await post("/imports", "doku.csv", documented)).json())).toEqual(["duplicate", "duplicate"]);

    const entry = (
      ref: string,
      amount: string,
      booked: string,
      value: string,
      e2e: string,
      iban: string,
      text: string,
    ) => `
      <Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${booked}</Dt></BookgDt><ValDt><Dt>${value}</Dt></ValDt><AcctSvcrRef>${ref}</AcctSvcrRef>
        <NtryDtls><TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><RltdPties><Dbtr><Nm>X</Nm></Dbtr>
          <DbtrAcct><Id><IBAN>${iban}</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    const camt = `<?xml version="1.0" encoding="UTF-8"?>
      <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
        <Acct><Id><IBAN>${ACCOUNT}</IBAN></Id><Ccy>EUR</Ccy></Acct>
        ${entry("F-1", "750.00", "2026-11-16", "2026-11-16", "E2E-F-12", frIban, `Miete Dezember ${fr}`)}
        ${entry("K-1", "1413.56", "2026-11-19", "2026-11-17", "NOTPROVIDED", kaIban, `Miete Dezember ${ka}`)}
      </Stmt></BkToCstmrStmt></Document>`;
    const camtResult = (await post("/imports", "auszug.xml", camt)).json();
    expect(camtResult.layout_label).toContain("CAMT");
    expect(statuses(camtResult)).toEqual(["duplicate", "duplicate"]);

    expect(await paymentsOf(frieda)).toEqual([{ amount_cents: 75_000, booked_on: "2026-11-16" }]);
    expect(await paymentsOf(karl)).toEqual([{ amount_cents: 141_356, booked_on: "2026-11-19" }]);
  });

  it("asks for a column mapping once for an unknown layout, then reads that layout by itself", {
    timeout: 120_000,
  }, async () => {
    const content = ["Datum;Text;Umsatz;Gegenkonto", "20.11.2026;Kaution Rest;44,00;DE55100100100000123456"].join("\n");
    const first = await as("verwalterA").post(`${LEDGER}/imports/preview`, { filename: "x.csv", content });
    expect(first.statusCode).toBe(200);
    const unknown = first.json().mapping_needed;
    expect(first.json().lines).toEqual([]);
    expect(unknown).toMatchObject({ header: ["Datum", "Text", "Umsatz", "Gegenkonto"] });
    // Booking such a file before mapping it: 422 with the same, in German.
    const booking = await as("verwalterA").post(`${LEDGER}/imports`, { filename: "x.csv", content });
    expect(booking.statusCode).toBe(422);
    expect(booking.json()).toMatchObject({ error: "unknown_layout", signature: unknown.signature });
    expect(booking.json().message).toContain("Spalten zu");
    const mapping = {
      header_row: unknown.header_row,
      columns: { booked_on: 0, remittance: [1], amount: 2, payer_iban: 3 },
    };
    const withMapping = await as("verwalterA").post(`${LEDGER}/imports/preview`, {
      filename: "x.csv",
      content,
      mapping,
    });
    expect(withMapping.statusCode).toBe(200);
    expect(withMapping.json().lines[0]).toMatchObject({ amount: 44, payer_iban: "DE55100100100000123456" });
    const hausmeister = await as("hausmeisterA").inject({
      method: "PUT",
      url: `${LEDGER}/csv-layouts/${unknown.signature}`,
      payload: { mapping },
    });
    expect(hausmeister.statusCode).toBe(403);
    const saved = await as("verwalterA").inject({
      method: "PUT",
      url: `${LEDGER}/csv-layouts/${unknown.signature}`,
      payload: { mapping },
    });
    expect(saved.statusCode).toBe(200);
    const later = await as("admin").post(`${LEDGER}/imports/preview`, { filename: "y.csv", content });
    expect(later.statusCode).toBe(200);
    expect(later.json().lines[0]).toMatchObject({ amount: 44, remittance: "Kaution Rest" });
  });
});
