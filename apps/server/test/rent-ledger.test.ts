import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { addPeriods, chargeFor, periodOf, referencesIn } from "../src/domain/ledger/rent-ledger.js";
import { berlinToday } from "../src/lib/time.js";
import { insertPayment } from "./factories/payments.js";
import { auditOf, BUILDING_A, BUILDING_B, collectingMailer, outboxTo } from "./factories/staff.js";
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
  UNKNOWN_ID,
} from "./helpers.js";

// Issue 14 §2: rent charges, payments by hand and from bank statements, overdue list, reminders.

const LEDGER = "/api/v1/staff/ledger";
const { mailer } = collectingMailer();
let ctx: TestContext;
const tenants: Record<string, TenantFixture> = {};
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
const today = berlinToday();
const current = periodOf(today);
const next = addPeriods(current, 1);

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  tenants.anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  tenants.otto = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Otto", lastName: "Offen" });
  tenants.bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  // Otto owes last month's rent: a charge entered before the ledger, 40 days overdue.
  await insertPayment(ctx.db, tenants.otto, { status: "pending", dueDate: addDays(today, -40), amountCents: 75_000 });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  for (const name of ["anna", "otto", "bernd"]) tokens[name] = await login(ctx.app, tenants[name]!);
  await ensureRentCharges(ctx.db);
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
const chargesOf = (t: TenantFixture) =>
  ctx.db.selectFrom("payments").selectAll().where("tenancy_id", "=", t.tenancyId).orderBy("due_date").execute();

describe("rent charges", () => {
  it("are made for this month and next from the tenancy, once (unique per tenancy and month)", async () => {
    const charges = await chargesOf(tenants.anna!);
    expect(charges.map((c) => [c.period, c.due_date, c.amount_cents, c.status])).toEqual([
      [current, `${current}-03`, 75_000, "pending"],
      [next, `${next}-03`, 75_000, "pending"],
    ]);
    expect(await ensureRentCharges(ctx.db)).toBe(0);
    expect(await ensureRentCharges(ctx.db, { tenancyId: tenants.anna!.tenancyId })).toBe(0);
    expect(await chargesOf(tenants.anna!)).toHaveLength(2);
    // Otto's ledger continues after the charge he already had.
    const otto = await chargesOf(tenants.otto!);
    expect(otto.at(-1)!.period).toBe(next);
  });

  it("show the tenant an unpaid charge past its due date as overdue, the earliest first", async () => {
    const current = await as("otto").get("/api/v1/tenant/payments/current");
    expect(current.json()).toMatchObject({ due_date: addDays(today, -40), status: "overdue", amount: 750 });
  });

  it("stop with the tenancy's end: the end month by days, nothing after it", async () => {
    const tenant = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Ende", lastName: "Nah" });
    await ensureRentCharges(ctx.db, { tenancyId: tenant.tenancyId });
    expect(await chargesOf(tenant)).toHaveLength(2);
    // Ends on the 10th of this month (as the tenancies repository writes it), then the ledger runs.
    await ctx.db
      .updateTable("tenancies")
      .set({ end_date: `${current}-10` })
      .where("id", "=", tenant.tenancyId)
      .execute();
    await ensureRentCharges(ctx.db, { tenancyId: tenant.tenancyId });
    const charges = await chargesOf(tenant);
    expect(charges.map((c) => c.period)).toEqual([current]);
    const days = new Date(Date.UTC(Number(current.slice(0, 4)), Number(current.slice(5, 7)), 0)).getUTCDate();
    expect(charges[0]!.amount_cents).toBe(Math.round((75_000 * 10) / days));
    expect(charges[0]!.description).toContain("(anteilig)");
  });

  it("charge a month the tenancy starts or ends in by days, due on the due day (or the start)", () => {
    const terms = {
      id: "t",
      tenant_id: "p",
      start_date: "2026-02-15",
      end_date: "2026-06-10",
      base_rent_cents: 56_000,
      utilities_cents: 0,
      due_day: 31,
    };
    expect(chargeFor(terms, [], "2026-01")).toBeNull();
    expect(chargeFor(terms, [], "2026-02")).toEqual({
      amountCents: 28_000,
      dueDate: "2026-02-28",
      description: "Miete Februar 2026 (anteilig)",
    });
    expect(chargeFor(terms, [], "2026-04")!.dueDate).toBe("2026-04-30");
    expect(chargeFor(terms, [{ effective_from: "2026-04-01", cents: 60_000 }], "2026-04")!.amountCents).toBe(60_000);
    expect(chargeFor(terms, [{ effective_from: "2026-04-01", cents: 60_000 }], "2026-03")!.amountCents).toBe(56_000);
    expect(chargeFor(terms, [], "2026-06")!.amountCents).toBe(18_667);
    expect(chargeFor(terms, [], "2026-07")).toBeNull();
  });

  it("finds a payment reference whatever the bank did to spaces, dashes and case", () => {
    expect(referencesIn("Miete mp k7q2 x9m4 Nov")).toEqual(["MP-K7Q2-X9M4"]);
    expect(referencesIn("MP-K7Q2-X9M4")).toEqual(["MP-K7Q2-X9M4"]);
    expect(referencesIn("Miete November")).toEqual([]);
  });

  it("follow a rent change from the first of a month; the tenant sees the charge as before", async () => {
    const res = await as("verwalterA").post(`${LEDGER}/accounts/${tenants.anna!.tenancyId}/rent-changes`, {
      effective_from: `${next}-01`,
      base_rent: 600,
      utilities: 210,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().account.rent).toBe(750);
    const charges = await chargesOf(tenants.anna!);
    expect(charges.map((c) => c.amount_cents)).toEqual([75_000, 81_000]);
    expect((await auditOf(ctx.db, tenants.anna!.tenancyId)).map((a) => a.action)).toContain("ledger.rent_changed");
    const bad = await as("verwalterA").post(`${LEDGER}/accounts/${tenants.anna!.tenancyId}/rent-changes`, {
      effective_from: `${next}-15`,
      base_rent: 600,
      utilities: 210,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Ersten eines Monats");
  });
});

describe("the tenant's rent card", () => {
  it("shows the rent in force this month once a change applies", async () => {
    const res = await as("verwalterB").post(`${LEDGER}/accounts/${tenants.bernd!.tenancyId}/rent-changes`, {
      effective_from: `${current}-01`,
      base_rent: 580,
      utilities: 210,
    });
    expect(res.statusCode).toBe(201);
    const finances = await as("bernd").get("/api/v1/tenant/finances");
    expect(finances.json().rent).toMatchObject({ base_rent: 580, utilities: 210, total: 790 });
    const charges = await chargesOf(tenants.bernd!);
    expect(charges.map((c) => c.amount_cents)).toEqual([79_000, 79_000]);
  });
});

describe("payments by hand", () => {
  it("keeps a partial payment as such and an overpayment as credit for the next charge", async () => {
    const url = `${LEDGER}/accounts/${tenants.anna!.tenancyId}/payments`;
    const partial = await as("verwalterA").post(url, { amount: 500, booked_on: today, note: "Bar bezahlt" });
    expect(partial.statusCode).toBe(201);
    const thisMonth = partial.json().charges.find((c: { period: string }) => c.period === current);
    expect(thisMonth).toMatchObject({ amount: 750, paid: 500 });
    expect(thisMonth.status).not.toBe("paid");

    const over = await as("verwalterA").post(url, { amount: 1100, booked_on: today });
    expect(over.statusCode).toBe(201);
    // 500 + 1100 = 1600: this month's 750, next month's 810 (the raised rent), 40 left as credit.
    const charges = await chargesOf(tenants.anna!);
    expect(charges.map((c) => [c.status, c.paid_cents])).toEqual([
      ["paid", 75_000],
      ["paid", 81_000],
    ]);
    expect(over.json().account.credit).toBe(40);
    expect(
      over
        .json()
        .payments.map((p: { allocated: number }) => p.allocated)
        .sort(),
    ).toEqual([1060, 500]);
    const audit = await auditOf(ctx.db, tenants.anna!.tenancyId);
    expect(audit.filter((a) => a.action === "ledger.payment_recorded")).toHaveLength(2);
    // The credit pays the month after next when it is charged.
    await ensureRentCharges(ctx.db, { tenancyId: tenants.anna!.tenancyId, today: `${next}-01` });
    const after = await chargesOf(tenants.anna!);
    expect(after.at(-1)).toMatchObject({ period: addPeriods(next, 1), paid_cents: 4_000, status: "pending" });
  });
});

const csv = (rows: string[][]) =>
  ["Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz", ...rows.map((r) => r.join(";"))].join("\n");
const german = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

describe("bank statement import", () => {
  it("previews CSV lines with the reason each matched or not, writing nothing", async () => {
    const ref = await referenceOf(tenants.otto!);
    const content = csv([
      [german(today), "750,00", `Miete ${ref.toLowerCase()}`, "Otto Offen", "DE89 3704 0044 0532 0130 00", "BANK-1"],
      [german(today), "-12,50", "Kontoführung", "", "", "BANK-2"],
      [german(today), "99,00", "Irgendwas", "Fremd", "DE02120300000000202051", "BANK-3"],
    ]);
    const before = await ctx.db.selectFrom("bank_transactions").select("id").execute();
    const res = await as("verwalterA").post(`${LEDGER}/imports/preview`, { filename: "auszug.csv", content });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.format).toBe("csv");
    expect(body.lines.map((l: { status: string }) => l.status)).toEqual(["match", "ignored", "unmatched"]);
    expect(body.lines[0]).toMatchObject({
      tenancy_id: tenants.otto!.tenancyId,
      tenant_name: "Otto Offen",
      amount: 750,
    });
    expect(body.lines[0].reason).toContain(`Zahlungsreferenz ${ref}`);
    expect(body.lines[2].reason).toContain("keine Zahlungsreferenz");
    expect(body.totals).toMatchObject({ lines: 3, match: 1, unmatched: 1, ignored: 1, amount_matched: 750 });
    expect(await ctx.db.selectFrom("bank_transactions").select("id").execute()).toHaveLength(before.length);
  });

  it("books a statement once: the tenant sees the charge paid, the same file again books nothing", async () => {
    const ref = await referenceOf(tenants.otto!);
    const content = csv([
      [german(today), "750,00", `Miete ${ref}`, "Otto Offen", "DE89370400440532013000", "BANK-10"],
      [german(today), "99,00", "Spende", "Fremd", "DE02120300000000202051", "BANK-11"],
    ]);
    const first = await as("verwalterA").post(`${LEDGER}/imports`, { filename: "auszug.csv", content });
    expect(first.statusCode).toBe(201);
    expect(first.json().totals).toMatchObject({ match: 1, unmatched: 1, duplicate: 0 });
    const finances = await as("otto").get(`/api/v1/tenant/finances?year=${addDays(today, -40).slice(0, 4)}`);
    const oldest = finances.json().payments.find((p: { due_date: string }) => p.due_date === addDays(today, -40));
    expect(oldest.status).toBe("paid");
    expect((await auditOf(ctx.db, first.json().import_id)).map((a) => a.action)).toEqual(["ledger.statement_imported"]);

    const again = await as("verwalterA").post(`${LEDGER}/imports`, { filename: "auszug.csv", content });
    expect(again.json().totals).toMatchObject({ match: 0, unmatched: 0, duplicate: 2 });
    const booked = await ctx.db
      .selectFrom("bank_transactions")
      .select("id")
      .where("bank_ref", "like", "csv:%")
      .execute();
    expect(booked).toHaveLength(2);
  });

  it("reads CAMT.053 and matches a known IBAN without a reference", async () => {
    const entry = (ref: string, amount: string, iban: string, text: string, sign = "CRDT") => `
      <Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${today}</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>
        <NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Otto Offen</Nm></Pty></Dbtr>
          <DbtrAcct><Id><IBAN>${iban}</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    const content = `<?xml version="1.0" encoding="UTF-8"?>
      <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
        ${entry("CAMT-1", "300.00", "DE89370400440532013000", "Teilzahlung")}
        ${entry("CAMT-2", "50.00", "DE89370400440532013000", "Gebühr", "DBIT")}
      </Stmt></BkToCstmrStmt></Document>`;
    const res = await as("admin").post(`${LEDGER}/imports`, { filename: "camt.xml", content });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.format).toBe("camt");
    expect(body.lines.map((l: { status: string }) => l.status)).toEqual(["match", "ignored"]);
    expect(body.lines[0].reason).toContain("IBAN aus früheren Zahlungen");
    expect(body.lines[0].reason).toContain("Teilzahlung");
  });

  it("refuses what it cannot read, in German", async () => {
    const bad = await as("verwalterA").post(`${LEDGER}/imports/preview`, {
      filename: "x.csv",
      content: "Buchungstag;Betrag;Verwendungszweck\n31.02.2026;abc;Miete",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Zeile 2");
    // A header we do not know asks for the column mapping (issue 24 item 7, decision 027).
    const header = await as("verwalterA").post(`${LEDGER}/imports/preview`, { filename: "x.csv", content: "a;b\n1;2" });
    expect(header.statusCode).toBe(200);
    expect(header.json()).toMatchObject({ lines: [], mapping_needed: { header: ["a", "b"] } });
    const doctype = await as("verwalterA").post(`${LEDGER}/imports/preview`, {
      filename: "x.xml",
      content: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>',
    });
    expect(doctype.statusCode).toBe(400);
    const notXml = await as("verwalterA").post(`${LEDGER}/imports/preview`, {
      filename: "x.xml",
      content: "<Document><a></Document>",
    });
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().message).toContain("kein gültiges XML");
  });
});

describe("unmatched lines", () => {
  it("wait in a list until someone assigns them to an account of their buildings", async () => {
    const list = await as("verwalterB").get(`${LEDGER}/unmatched`);
    expect(list.statusCode).toBe(200);
    const line = list.json().items.find((l: { amount: number }) => l.amount === 99);
    expect(line.reason).toContain("Nicht zugeordnet");
    // Verwalter B may not give it to a tenancy of building A.
    const other = await as("verwalterB").post(`${LEDGER}/unmatched/${line.id}/assign`, {
      tenancy_id: tenants.anna!.tenancyId,
    });
    expect(other.statusCode).toBe(404);
    const ok = await as("verwalterB").post(`${LEDGER}/unmatched/${line.id}/assign`, {
      tenancy_id: tenants.bernd!.tenancyId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payments[0].match_reason).toContain("Von Hand zugeordnet");
    const twice = await as("verwalterB").post(`${LEDGER}/unmatched/${line.id}/assign`, {
      tenancy_id: tenants.bernd!.tenancyId,
    });
    expect(twice.statusCode).toBe(404);
    expect((await auditOf(ctx.db, line.id)).map((a) => a.action)).toEqual(["ledger.line_assigned"]);
  });
});

describe("overdue list and reminders", () => {
  it("lists overdue tenancies of my buildings with amount and days; a reminder goes out by e-mail", async () => {
    const tenant = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Paula", lastName: "Spät" });
    await insertPayment(ctx.db, tenant, { status: "pending", dueDate: addDays(today, -20), amountCents: 80_000 });
    // What the daily run does: the ledger takes the charge into account.
    await ensureRentCharges(ctx.db, { tenancyId: tenant.tenancyId });
    const res = await as("verwalterA").get(`${LEDGER}/overdue`);
    expect(res.statusCode).toBe(200);
    const entry = res.json().items.find((e: { tenancy_id: string }) => e.tenancy_id === tenant.tenancyId);
    // The 800 € charge, and this month's rent when its due day has passed.
    const due = (await chargesOf(tenant)).filter((c) => c.status === "pending" && c.due_date < today);
    expect(entry).toMatchObject({
      tenant_name: "Paula Spät",
      overdue: due.reduce((sum, c) => sum + c.amount_cents, 0) / 100,
      days_overdue: 20,
      charges: due.length,
    });
    // Not in building B's list.
    const b = await as("verwalterB").get(`${LEDGER}/overdue`);
    expect(b.json().items.some((e: { tenancy_id: string }) => e.tenancy_id === tenant.tenancyId)).toBe(false);

    const sent = await as("verwalterA").post(`${LEDGER}/accounts/${tenant.tenancyId}/reminders`);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ sent_to: tenant.email, overdue: entry.overdue });
    const mails = await outboxTo(ctx.db, tenant.id);
    expect(mails.at(-1)!.subject).toContain("Zahlungserinnerung");
    expect(mails.at(-1)!.body).toContain("800,00");
    expect(mails.at(-1)!.body).toContain(await referenceOf(tenant));
    expect((await auditOf(ctx.db, tenant.tenancyId)).map((a) => a.action)).toContain("ledger.reminder_sent");
    // Nothing overdue: 409.
    const none = await as("verwalterB").post(`${LEDGER}/accounts/${tenants.bernd!.tenancyId}/reminders`);
    expect([201, 409]).toContain(none.statusCode);
  });

  it("pages the list by cursor", async () => {
    const first = await as("admin").get(`${LEDGER}/overdue?limit=1`);
    expect(first.json().items).toHaveLength(1);
    expect(first.json().next_cursor).toBeTruthy();
    const second = await as("admin").get(`${LEDGER}/overdue?limit=1&cursor=${first.json().next_cursor}`);
    expect(second.json().items[0].tenancy_id).not.toBe(first.json().items[0].tenancy_id);
    expect((await as("admin").get(`${LEDGER}/overdue?cursor=kaputt`)).statusCode).toBe(400);
  });
});

describe("who may", () => {
  const routes = () =>
    [
      ["GET", `${LEDGER}/accounts`],
      ["GET", `${LEDGER}/accounts/${tenants.anna!.tenancyId}`],
      ["POST", `${LEDGER}/accounts/${tenants.anna!.tenancyId}/payments`, { amount: 1, booked_on: today }],
      [
        "POST",
        `${LEDGER}/accounts/${tenants.anna!.tenancyId}/rent-changes`,
        { effective_from: `${next}-01`, base_rent: 1, utilities: 0 },
      ],
      ["POST", `${LEDGER}/accounts/${tenants.anna!.tenancyId}/reminders`],
      ["GET", `${LEDGER}/overdue`],
      ["POST", `${LEDGER}/imports/preview`, { filename: "a.csv", content: "x" }],
      ["POST", `${LEDGER}/imports`, { filename: "a.csv", content: "x" }],
      ["GET", `${LEDGER}/unmatched`],
      ["POST", `${LEDGER}/unmatched/${UNKNOWN_ID}/assign`, { tenancy_id: tenants.anna!.tenancyId }],
    ] as const;

  it("refuses a Hausmeister (no finances), tenant tokens and requests without a token", async () => {
    for (const [method, url, payload] of routes()) {
      for (const [who, status] of [
        ["hausmeisterA", 403],
        ["anna", 401],
        [undefined, 401],
      ] as const) {
        const res = await api(ctx.app, who ? tokens[who] : undefined).inject({ method, url, payload });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
  });

  it("answers 404 for another building's account, and a Verwalter's list holds only their buildings", async () => {
    const id = tenants.anna!.tenancyId;
    for (const [method, url, payload] of routes().filter(([, url]) => url.includes(id))) {
      const res = await as("verwalterB").inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await as("verwalterB").get(`${LEDGER}/accounts`);
    expect(list.json().items.map((a: { tenant_name: string }) => a.tenant_name)).toEqual(["Bernd Berg"]);
    const buildingA = (
      await ctx.db.selectFrom("tenancies").select("building_id").where("id", "=", id).executeTakeFirstOrThrow()
    ).building_id;
    expect((await as("verwalterB").get(`${LEDGER}/overdue?building=${buildingA}`)).statusCode).toBe(404);
    expect((await as("verwalterB").get(`${LEDGER}/accounts?building=${buildingA}`)).statusCode).toBe(404);
    // A statement line of an account in another building is neither booked nor shown (issue 24
    // item 12, decision 027; statement-booking.test.ts follows it into the waiting list).
    const ref = await referenceOf(tenants.anna!);
    const preview = await as("verwalterB").post(`${LEDGER}/imports/preview`, {
      filename: "a.csv",
      content: csv([[german(today), "10,00", ref, "Anna", "", "BANK-X"]]),
    });
    expect(preview.json().lines[0]).toMatchObject({
      status: "other_building",
      tenant_name: null,
      tenancy_id: null,
      payer_name: null,
      remittance: null,
    });
    expect(preview.json().lines[0].reason).toContain("gehört zu einem anderen Gebäude");
  });

  it("lets an Administrator see every building and search by name or reference", async () => {
    const all = await as("admin").get(`${LEDGER}/accounts?q=bernd`);
    expect(all.json().items.map((a: { tenant_name: string }) => a.tenant_name)).toEqual(["Bernd Berg"]);
    const ref = await referenceOf(tenants.anna!);
    const byRef = await as("admin").get(`${LEDGER}/accounts?q=${ref.toLowerCase()}`);
    expect(byRef.json().items.map((a: { tenancy_id: string }) => a.tenancy_id)).toEqual([tenants.anna!.tenancyId]);
  });
});
