import { XMLParser } from "fast-xml-parser";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { createRun } from "../src/domain/sepa/runs.js";
import { runFileAt } from "./clock.js";
import { BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  type StaffFixture,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";
import { validatePain008 } from "./sepa-xsd.js";

// Issue 28: a month's collection for ten tenancies as one pain.008 file — valid against the schema,
// sums and counts in the headers, one payment information block per sequence type, the creditor
// scheme id and mandate data, amounts equal to the charges; the same charges never twice; bad
// creditor ids, IBANs and dates refused in German with nothing stored; Hausmeister refused.

// Friday 20 February 2026, 10:00 in Berlin: the March rent (due 3 March) is charged already.
runFileAt("2026-02-20T09:00:00Z");

const CREDITOR = {
  creditor_id: "DE98ZZZ09999999999",
  name: "Grünfeld Hausverwaltung GmbH",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
};
/** Valid German IBANs (check digits computed), one per tenant. */
const IBANS = [
  "DE02120300000000202051",
  "DE02500105170137075030",
  "DE02100500000054540402",
  "DE02300209000106531065",
  "DE02200505501015871393",
  "DE02370501980001802057",
  "DE02700202700010108669",
  "DE02100100100006820101",
  "DE02600501010002034304",
  "DE02701500000000594937",
];

let ctx: TestContext;
let admin: string;
let verwalter: string;
let verwalterB: string;
let hausmeister: string;
const tenants: TenantFixture[] = [];
let withoutMandate: TenantFixture;
const mandateOf = new Map<string, { reference: string; signed_on: string }>();
const as = (token: string) => api(ctx.app, token);
const put = (token: string, url: string, payload: Record<string, unknown>) =>
  api(ctx.app, token).inject({ method: "PUT", url, payload });

beforeAll(async () => {
  ctx = await createTestContext();
  const login = (s: StaffFixture) => staffLogin(ctx.app, s);
  admin = await login(await createStaffMember(ctx.db, "administrator"));
  verwalter = await login(await createStaffMember(ctx.db, "verwalter", [BUILDING_A]));
  verwalterB = await login(await createStaffMember(ctx.db, "verwalter", [BUILDING_B]));
  hausmeister = await login(await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]));
  for (let i = 0; i < 10; i++) {
    tenants.push(
      await createTenant(ctx.db, { firstName: `Mieter${i}`, lastName: `Lastschrift${i}`, apartment: `WE ${i + 1}` }),
    );
  }
  withoutMandate = await createTenant(ctx.db, { firstName: "Ohne", lastName: "Mandat", apartment: "WE 99" });
  await ensureRentCharges(ctx.db);
});
afterAll(() => ctx.close());

async function count(table: "sepa_runs" | "sepa_mandates" | "sepa_creditor_settings" | "sepa_run_items") {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("creditor settings", () => {
  it("refuses a creditor id with wrong check digits and a bad IBAN in German, and stores nothing", async () => {
    const badId = await put(admin, "/api/v1/staff/sepa/creditor", { ...CREDITOR, creditor_id: "DE99ZZZ09999999999" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields.creditor_id).toContain("Gläubiger-Identifikationsnummer");
    const badIban = await put(admin, "/api/v1/staff/sepa/creditor", { ...CREDITOR, iban: "DE89370400440532013001" });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().fields.iban).toContain("IBAN");
    expect(await count("sepa_creditor_settings")).toBe(0);
  });

  it("lets only Administrators change them; Verwalter read them", async () => {
    const refused = await put(verwalter, "/api/v1/staff/sepa/creditor", CREDITOR);
    expect(refused.statusCode).toBe(403);
    const saved = await put(admin, "/api/v1/staff/sepa/creditor", CREDITOR);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ iban: "DE89370400440532013000", lead_days: 2, prenotice_days: 5 });
    const read = await as(verwalter).get("/api/v1/staff/sepa/creditor");
    expect(read.json().settings.creditor_id).toBe("DE98ZZZ09999999999");
  });
});

describe("mandates", () => {
  it("refuses a bad IBAN and a signature in the future, and stores nothing", async () => {
    const bad = await as(verwalter).post("/api/v1/staff/sepa/mandates", {
      tenancy_id: tenants[0]!.tenancyId,
      signed_on: "2026-01-15",
      debtor_name: "Mieter0 Lastschrift0",
      iban: "DE02120300000000202052",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.iban).toMatch(/IBAN/);
    const future = await as(verwalter).post("/api/v1/staff/sepa/mandates", {
      tenancy_id: tenants[0]!.tenancyId,
      signed_on: "2026-03-01",
      debtor_name: "Mieter0 Lastschrift0",
      iban: IBANS[0],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.signed_on).toContain("Zukunft");
    expect(await count("sepa_mandates")).toBe(0);
  });

  it("records ten mandates with references from the payment reference; a second needs 'replace'", async () => {
    for (const [i, t] of tenants.entries()) {
      const res = await as(verwalter).post("/api/v1/staff/sepa/mandates", {
        tenancy_id: t.tenancyId,
        signed_on: `2026-01-${String(10 + i).padStart(2, "0")}`,
        debtor_name: `${t.firstName} ${t.lastName}`,
        iban: IBANS[i],
      });
      expect(res.statusCode, res.body).toBe(201);
      const m = res.json();
      expect(m).toMatchObject({ state: "active", next_sequence: "FRST" });
      expect(m.reference).toMatch(/^MP-[A-Z0-9]{4}-[A-Z0-9]{4}-01$/);
      mandateOf.set(t.tenancyId, { reference: m.reference, signed_on: m.signed_on });
    }
    const again = await as(verwalter).post("/api/v1/staff/sepa/mandates", {
      tenancy_id: tenants[0]!.tenancyId,
      signed_on: "2026-02-01",
      debtor_name: "Mieter0 Lastschrift0",
      iban: IBANS[1],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("Ersetzen");
    const other = await as(verwalterB).get(`/api/v1/staff/sepa/mandates?tenancy=${tenants[0]!.tenancyId}`);
    expect(other.statusCode).toBe(404);
  });

  it("prints the mandate form as PDF", async () => {
    const list = await as(verwalter).get(`/api/v1/staff/sepa/mandates?tenancy=${tenants[0]!.tenancyId}`);
    const pdf = await as(verwalter).get(`/api/v1/staff/sepa/mandates/${list.json().items[0].id}/form.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const blank = await as(verwalter).get(`/api/v1/staff/sepa/tenancies/${withoutMandate.tenancyId}/mandate-form.pdf`);
    expect(blank.statusCode).toBe(200);
  });
});

const run = (token: string, body: Record<string, unknown>) => as(token).post("/api/v1/staff/sepa/runs", body);

describe("collection runs", () => {
  let marchRunId: string;

  it("previews the month: ten to collect, the tenancy without a mandate named as a problem", async () => {
    const res = await as(verwalter).post("/api/v1/staff/sepa/runs/preview", {
      month: "2026-03",
      collection_date: "2026-03-03",
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.problems).toEqual([]);
    expect(preview.earliest_collection_date).toBe("2026-02-25");
    expect(preview.totals).toMatchObject({ count: 10, amount: 7500, with_problems: 1 });
    const problem = preview.items.find((i: { tenancy_id: string }) => i.tenancy_id === withoutMandate.tenancyId);
    expect(problem.problems[0]).toContain("Kein SEPA-Mandat");
  });

  it("refuses a Saturday, a TARGET holiday and a date inside the lead time in German, storing nothing", async () => {
    const saturday = await run(verwalter, { month: "2026-03", collection_date: "2026-02-28" });
    expect(saturday.statusCode).toBe(422);
    expect(saturday.json().message).toContain("Wochenende oder TARGET-Feiertag");
    const goodFriday = await run(verwalter, { month: "2026-04", collection_date: "2026-04-03" });
    expect(goodFriday.statusCode).toBe(422);
    const early = await run(verwalter, { month: "2026-03", collection_date: "2026-02-24" });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain("Frühestens 25.02.2026");
    const badMonth = await run(verwalter, { month: "2026-13", collection_date: "2026-03-03" });
    expect(badMonth.statusCode).toBe(400);
    expect(await count("sepa_runs")).toBe(0);
  });

  it("collects February for four tenancies first, so March has first and recurring debits", async () => {
    const feb = await as(verwalter).post("/api/v1/staff/sepa/runs/preview", {
      month: "2026-02",
      collection_date: "2026-02-26",
    });
    const ids = feb
      .json()
      .items.filter((i: { tenancy_id: string }) => tenants.slice(0, 4).some((t) => t.tenancyId === i.tenancy_id))
      .map((i: { charge_id: string }) => i.charge_id);
    expect(ids).toHaveLength(4);
    const made = await run(verwalter, { month: "2026-02", collection_date: "2026-02-26", charge_ids: ids });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ count: 4, state: "created", by_sequence: [{ sequence: "FRST", count: 4 }] });
  });

  it("makes March's file: valid pain.008.001.08, headers, blocks per sequence, mandates, amounts", async () => {
    const made = await run(verwalter, { month: "2026-03", collection_date: "2026-03-03" });
    expect(made.statusCode, made.body).toBe(201);
    const detail = made.json();
    marchRunId = detail.id;
    expect(detail).toMatchObject({ count: 10, amount: 7500 });
    expect(detail.items.every((i: { state: string }) => i.state === "submitted")).toBe(true);

    const file = await as(verwalter).get(`/api/v1/staff/sepa/runs/${marchRunId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(".xml");
    const xml = file.body;
    const invalid = await validatePain008(xml);
    if (invalid.length) console.log(invalid.slice(0, 6).join("\n"), xml.slice(0, 3000));
    expect(invalid).toEqual([]);

    const doc = new XMLParser({ isArray: (n) => ["PmtInf", "DrctDbtTxInf"].includes(n), parseTagValue: false }).parse(
      xml,
    ).Document.CstmrDrctDbtInitn;
    expect(doc.GrpHdr.NbOfTxs).toBe("10");
    expect(doc.GrpHdr.CtrlSum).toBe("7500.00");
    expect(doc.PmtInf.map((p: { PmtTpInf: { SeqTp: string } }) => p.PmtTpInf.SeqTp)).toEqual(["FRST", "RCUR"]);
    const [frst, rcur] = doc.PmtInf;
    expect([frst.NbOfTxs, frst.CtrlSum, rcur.NbOfTxs, rcur.CtrlSum]).toEqual(["6", "4500.00", "4", "3000.00"]);
    for (const block of doc.PmtInf) {
      expect(block.ReqdColltnDt).toBe("2026-03-03");
      expect(block.PmtTpInf.LclInstrm.Cd).toBe("CORE");
      expect(block.CdtrSchmeId.Id.PrvtId.Othr.Id).toBe("DE98ZZZ09999999999");
      expect(block.CdtrAcct.Id.IBAN).toBe("DE89370400440532013000");
    }
    const txs = doc.PmtInf.flatMap((p: { DrctDbtTxInf: unknown[] }) => p.DrctDbtTxInf);
    expect(txs).toHaveLength(10);
    const charges = await ctx.db
      .selectFrom("payments")
      .select(["tenancy_id", "amount_cents"])
      .where("period", "=", "2026-03")
      .execute();
    for (const [i, t] of tenants.entries()) {
      const tx = txs.find((x: { DbtrAcct: { Id: { IBAN: string } } }) => x.DbtrAcct.Id.IBAN === IBANS[i]);
      const mandate = mandateOf.get(t.tenancyId)!;
      expect(tx.DrctDbtTx.MndtRltdInf.MndtId).toBe(mandate.reference);
      expect(tx.DrctDbtTx.MndtRltdInf.DtOfSgntr).toBe(mandate.signed_on);
      const charge = charges.find((c) => c.tenancy_id === t.tenancyId)!;
      expect(Math.round(Number(tx.InstdAmt["#text"] ?? tx.InstdAmt) * 100)).toBe(charge.amount_cents);
      expect(tx.PmtId.EndToEndId).toMatch(/^MP-[A-Z0-9]{4}-[A-Z0-9]{4}-202603-1$/);
    }
    const runState = await as(verwalter).get(`/api/v1/staff/sepa/runs/${marchRunId}`);
    expect(runState.json().state).toBe("downloaded");
  });

  it("never collects the same month twice", async () => {
    const again = await run(verwalter, { month: "2026-03", collection_date: "2026-03-04" });
    expect(again.statusCode).toBe(422);
    const preview = await as(verwalter).post("/api/v1/staff/sepa/runs/preview", {
      month: "2026-03",
      collection_date: "2026-03-04",
    });
    const held = preview
      .json()
      .items.filter((i: { problems: string[] }) => i.problems[0]?.startsWith("Bereits im Einzug"));
    expect(held).toHaveLength(10);
  });

  it("cancels a downloaded run only with the word that it was not submitted; then the month can be run again", async () => {
    const plain = await as(verwalter).post(`/api/v1/staff/sepa/runs/${marchRunId}/cancel`, {});
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toContain("bei der Bank");
    const cancelled = await as(verwalter).post(`/api/v1/staff/sepa/runs/${marchRunId}/cancel`, { not_submitted: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().items.every((i: { state: string }) => i.state === "cancelled")).toBe(true);
    const file = await as(verwalter).get(`/api/v1/staff/sepa/runs/${marchRunId}/file`);
    expect(file.statusCode).toBe(409);
    const remade = await run(verwalter, { month: "2026-03", collection_date: "2026-03-03" });
    expect(remade.statusCode, remade.body).toBe(201);
    expect(remade.json().items[0].end_to_end_id).toMatch(/-202603-2$/);
  });

  it("shows a run to the Verwalter of its building only; the other gets 404", async () => {
    const list = await as(verwalter).get("/api/v1/staff/sepa/runs");
    expect(list.json().items.length).toBe(3);
    const other = await as(verwalterB).get(`/api/v1/staff/sepa/runs/${marchRunId}`);
    expect(other.statusCode).toBe(404);
    expect((await as(verwalterB).get("/api/v1/staff/sepa/runs")).json().items).toEqual([]);
  });
});

describe("refusals", () => {
  it("refuses a Hausmeister on every direct debit route (403), walked from the route table", async () => {
    const routes = ctx.app
      .printRoutes({ commonPrefix: false })
      .split("\n")
      .map((line) => /[├└]── (\S+) \(([^)]*)\)/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null);
    const paths = ["/api/v1/staff/sepa/creditor", "/api/v1/staff/sepa/runs", "/api/v1/staff/sepa/mandates"];
    expect(routes.length).toBeGreaterThan(0);
    const targets = [
      ["GET", "/api/v1/staff/sepa/creditor"],
      ["PUT", "/api/v1/staff/sepa/creditor"],
      ["GET", "/api/v1/staff/sepa/mandates"],
      ["POST", "/api/v1/staff/sepa/mandates"],
      ["GET", `/api/v1/staff/sepa/mandates/${tenants[0]!.tenancyId}`],
      ["POST", `/api/v1/staff/sepa/mandates/${tenants[0]!.tenancyId}/revoke`],
      ["GET", `/api/v1/staff/sepa/mandates/${tenants[0]!.tenancyId}/form.pdf`],
      ["GET", `/api/v1/staff/sepa/tenancies/${tenants[0]!.tenancyId}/mandate-form.pdf`],
      ["POST", "/api/v1/staff/sepa/runs/preview"],
      ["POST", "/api/v1/staff/sepa/runs"],
      ["GET", "/api/v1/staff/sepa/runs"],
      ["GET", `/api/v1/staff/sepa/runs/${tenants[0]!.tenancyId}`],
      ["GET", `/api/v1/staff/sepa/runs/${tenants[0]!.tenancyId}/file`],
      ["POST", `/api/v1/staff/sepa/runs/${tenants[0]!.tenancyId}/cancel`],
      ["GET", "/api/v1/staff/sepa/returns"],
      ["POST", `/api/v1/staff/sepa/returns/${tenants[0]!.tenancyId}/fee`],
    ] as const;
    const registered = ctx.app.printRoutes({ commonPrefix: false });
    for (const p of paths) expect(registered).toContain(p.split("/").at(-1));
    for (const [method, url] of targets) {
      const res = await as(hausmeister).inject({ method, url, ...(method === "GET" ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two staff sessions at once (PostgreSQL)", () => {
  it("never puts one charge into two runs: the second waits for the first and is refused", async () => {
    // April's rent, charged once the clock reaches March: made here for the test.
    await ensureRentCharges(ctx.db, { today: "2026-03-10" });
    const scope = { allBuildings: true, buildingIds: [] };
    const actor = { staffId: null, name: "Test", ip: null };
    const mail = { company: "Grünfeld Hausverwaltung", publicUrl: "https://portal.example" };
    const request = { month: "2026-04", collectionDate: "2026-04-01" };
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    const first = ctx.db.transaction().execute(async (trx) => {
      const made = await createRun(trx, request, scope, actor, mail, "2026-03-20");
      firstWrote();
      await held;
      return made;
    });
    await wrote;
    const second = createRun(ctx.db, request, scope, actor, mail, "2026-03-20");
    // The second run waits on the first's uncommitted items (a lock wait PostgreSQL shows) until it commits.
    let settled = false;
    void second.finally(() => {
      settled = true;
    });
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query ilike '%sepa_run_items%'`.execute(ctx.db);
      if (rows[0]!.n > 0) break;
      await new Promise((r) => setImmediate(r));
    }
    expect(settled).toBe(false);
    release();
    expect(await first).toHaveProperty("runId");
    expect(await second).toEqual({ error: "taken" });
  });
});
