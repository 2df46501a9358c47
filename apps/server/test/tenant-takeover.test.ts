import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runAdmin } from "../src/cli/admin.js";
import { findCurrentPayment } from "../src/domain/ledger/payments.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { decodeSheet } from "../src/lib/tenant-csv-fields.js";
import {
  api,
  createStaffMember,
  createTestContext,
  type StaffFixture,
  staffLogin,
  type TestContext,
} from "./helpers.js";

/**
 * Issue 24 items 5, 9, 10 and 18's last point (decision 028): taking over a portfolio from an
 * Excel sheet. The clock stands at Friday 2026-11-27 (Berlin), after November's usual due days.
 */

const TODAY = "2026-11-27";
const LEIPZIG = "Lindenstraße 5, 04109 Leipzig";
const BASE = "/api/v1/staff/tenants";
const FIXTURES = path.join(import.meta.dirname, "fixtures", "sheets");
const sheet = async (name: string) => decodeSheet(await readFile(path.join(FIXTURES, name)));

let ctx: TestContext;
let admin: StaffFixture;
let token: string;
let workDir: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${TODAY}T09:00:00Z`) });
  ctx = await createTestContext();
  workDir = await mkdtemp(path.join(tmpdir(), "mp-takeover-"));
  await ensureBuilding(ctx.db, LEIPZIG);
  admin = await createStaffMember(ctx.db, "administrator");
  token = await staffLogin(ctx.app, admin);
});
afterAll(async () => {
  await ctx.close();
  await rm(workDir, { recursive: true, force: true });
  vi.useRealTimers();
});

const as = () => api(ctx.app, token);

async function tenantNamed(firstName: string, lastName: string) {
  return ctx.db
    .selectFrom("tenants")
    .innerJoin("tenancies", "tenancies.tenant_id", "tenants.id")
    .select(["tenants.id", "tenants.email", "tenancies.id as tenancy_id", "tenancies.apartment_number"])
    .select(["tenancies.iban_last4", "tenancies.start_date"])
    .where("tenants.first_name", "=", firstName)
    .where("tenants.last_name", "=", lastName)
    .execute();
}

const chargesOf = (tenancyId: string) =>
  ctx.db
    .selectFrom("payments")
    .select(["period", "due_date", "amount_cents", "paid_cents", "status", "description"])
    .where("tenancy_id", "=", tenancyId)
    .orderBy("due_date")
    .execute();

describe("Mieter anlegen at takeover (item 5)", () => {
  const body = (extra: Record<string, unknown>) => ({
    first_name: "Nele",
    last_name: "Neu",
    building_id: "",
    start_date: "2026-11-01",
    base_rent: 500,
    utilities: 150,
    payment_method: "sepa_direct_debit",
    due_day: 3,
    ...extra,
  });
  let buildingId: string;
  beforeAll(async () => {
    buildingId = (await ctx.db.selectFrom("buildings").select("id").where("address", "=", LEIPZIG).executeTakeFirst())!
      .id;
  });

  it("a tenancy from 1 November with SEPA created on 27 November: the next payment is December's, not a past one", async () => {
    const res = await as().post(BASE, body({ building_id: buildingId, email: "nele.neu@example.com" }));
    expect(res.statusCode, res.body).toBe(201);
    const next = await findCurrentPayment(ctx.db, res.json().id);
    expect(next).toMatchObject({ due_date: "2026-12-03", status: "pending", amount: 650 });
    const [tenancy] = await tenantNamed("Nele", "Neu");
    expect((await chargesOf(tenancy!.tenancy_id)).map((c) => c.period)).toEqual(["2026-12"]);
    const overdue = await as().get("/api/v1/staff/ledger/overdue");
    expect(overdue.statusCode, overdue.body).toBe(200);
    expect(JSON.stringify(overdue.json())).not.toContain("Neu");
  });

  it("takes the first month and the balance carried over: arrears as a charge due today, credit as money", async () => {
    const owes = await as().post(
      BASE,
      body({
        building_id: buildingId,
        last_name: "Rückstand",
        unit: "A",
        first_period: "2026-11",
        opening_balance: 120,
      }),
    );
    expect(owes.statusCode, owes.body).toBe(201);
    const [a] = await tenantNamed("Nele", "Rückstand");
    expect(await chargesOf(a!.tenancy_id)).toEqual([
      expect.objectContaining({ period: "2026-11", due_date: "2026-11-03", amount_cents: 65_000, status: "pending" }),
      expect.objectContaining({
        period: null,
        due_date: TODAY,
        amount_cents: 12_000,
        description: "Saldovortrag zum 27.11.2026",
      }),
      expect.objectContaining({ period: "2026-12", due_date: "2026-12-03" }),
    ]);

    const credit = await as().post(
      BASE,
      body({ building_id: buildingId, last_name: "Guthaben", unit: "B", opening_balance: -50.5 }),
    );
    expect(credit.statusCode, credit.body).toBe(201);
    const [b] = await tenantNamed("Nele", "Guthaben");
    expect(await chargesOf(b!.tenancy_id)).toEqual([
      expect.objectContaining({ period: "2026-12", amount_cents: 65_000, paid_cents: 5_050, status: "pending" }),
    ]);
    const account = await as().get(`/api/v1/staff/ledger/accounts/${b!.tenancy_id}`);
    expect(account.statusCode, account.body).toBe(200);
    expect(JSON.stringify(account.json())).toContain('"source":"opening"');

    const wrong = await as().post(
      BASE,
      body({ building_id: buildingId, last_name: "Falsch", first_period: "11.2026", opening_balance: 1e9 }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Bitte einen Monat angeben");
    expect(wrong.body).toContain("Saldovortrag ist unplausibel hoch");
  });
});

describe("an Excel sheet (items 5, 9, 10)", () => {
  it("reads Excel's Windows-1252 CSV as it is: address columns, trailing columns, a line break in a cell, a dropped zero", async () => {
    const csv = await sheet("excel-1252.csv");
    const res = await as().post(`${BASE}/import/preview`, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.file_problems).toEqual([]);
    expect(preview.file_warnings).toEqual([expect.stringContaining("Diese Spalte wird ignoriert: „Telefon“")]);
    const byName = Object.fromEntries(preview.rows.map((r: { last_name: string }) => [r.last_name, r])) as Record<
      string,
      {
        status: string;
        first_period: string | null;
        opening_balance: number;
        problems: string[];
        warnings: string[];
        unit: string | null;
        line: number;
        building: { name: string } | null;
      }
    >;
    expect(Object.keys(byName)).toEqual(["Müßig", "Weiß", "Kühn", "Fehler", "Anders", "Später"]);
    // Began in 2019, due on the 3rd: November is past due today, so the first month is December.
    expect(byName.Müßig).toMatchObject({ status: "ok", first_period: "2026-12", opening_balance: 0 });
    expect(byName.Müßig!.warnings.join(" ")).toContain("„130“ zu „0130“");
    expect(byName.Müßig!.warnings.join(" ")).toContain("PLZ „4109“ zu „04109“");
    expect(byName.Weiß).toMatchObject({
      status: "ok",
      first_period: "2026-12",
      opening_balance: 1334.9,
      unit: "1. OG rechts",
      line: 3,
    });
    expect(byName.Kühn).toMatchObject({ status: "ok", first_period: "2026-12", opening_balance: -50 });
    expect(byName.Später).toMatchObject({ status: "ok", first_period: "2027-02" });
    expect(byName.Fehler!.status).toBe("error");
    expect(byName.Fehler!.line).toBe(6);
    expect(byName.Fehler!.problems.join(" ")).toContain("„31.02.2020“");
    expect(byName.Fehler!.problems.join(" ")).toContain("Kaltmiete „viel“");
    expect(byName.Anders!.problems.join(" ")).toContain("„Hauptstraße 99, 04109 Leipzig“");
    expect(preview).toMatchObject({ valid: true, importable: 4, existing: 0, refused: 2, invitable: 2 });
    // The refused rows as a file of their own, in the same columns plus the problem.
    const refused = preview.refused_csv as string;
    expect(refused.startsWith("\uFEFFVorname;Nachname;E-Mail;Straße;")).toBe(true);
    expect(refused.split("\r\n")[0]!.endsWith(";Problem")).toBe(true);
    expect(refused).toContain("Heinz;Fehler;");
    expect(refused).toContain("Anna;Anders;");
    expect(refused).not.toContain("Jürgen");
    expect(refused).toContain("„viel“");

    const done = await as().post(`${BASE}/import`, { csv });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ created: 4, invited: 0, skipped: 0, refused: 2 });

    const [juergen] = await tenantNamed("Jürgen", "Müßig");
    expect(juergen).toMatchObject({ iban_last4: "0130", start_date: "2019-03-01", apartment_number: "EG links" });
    expect(await chargesOf(juergen!.tenancy_id)).toEqual([
      expect.objectContaining({ period: "2026-12", due_date: "2026-12-03", amount_cents: 79_250, status: "pending" }),
    ]);
    const [grete] = await tenantNamed("Grete", "Weiß");
    expect(await chargesOf(grete!.tenancy_id)).toEqual([
      expect.objectContaining({
        period: null,
        due_date: TODAY,
        amount_cents: 133_490,
        description: "Saldovortrag zum 27.11.2026",
      }),
      expect.objectContaining({ period: "2026-12", due_date: "2026-12-01", amount_cents: 60_000 }),
    ]);
    // What the tenant sees first: the balance carried over, due today (not overdue).
    expect(await findCurrentPayment(ctx.db, grete!.id)).toMatchObject({ status: "pending", amount: 1334.9 });
    const [soeren] = await tenantNamed("Sören", "Kühn");
    expect(await chargesOf(soeren!.tenancy_id)).toEqual([
      expect.objectContaining({ period: "2026-12", amount_cents: 70_000, paid_cents: 5_000 }),
    ]);
    const [olaf] = await tenantNamed("Olaf", "Später");
    expect(await chargesOf(olaf!.tenancy_id)).toEqual([]);
    const account = await ctx.db
      .selectFrom("rent_accounts")
      .select("ledger_from")
      .where("tenancy_id", "=", olaf!.tenancy_id)
      .executeTakeFirstOrThrow();
    expect(account.ledger_from).toBe("2027-02-01");

    // Nobody who owes nothing is overdue, and no reminder is offered for them.
    const overdue = await as().get("/api/v1/staff/ledger/overdue");
    expect(overdue.statusCode, overdue.body).toBe(200);
    for (const name of ["Müßig", "Weiß", "Kühn", "Später"]) expect(overdue.body).not.toContain(name);

    // The same file again: nobody twice (by name, building and unit; by e-mail where there is one).
    const again = await as().post(`${BASE}/import`, { csv });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, skipped: 4, refused: 2 });
    expect(await tenantNamed("Jürgen", "Müßig")).toHaveLength(1);
    expect(await tenantNamed("Grete", "Weiß")).toHaveLength(1);
    const second = (await as().post(`${BASE}/import/preview`, { csv })).json();
    expect(second.rows.find((r: { last_name: string }) => r.last_name === "Müßig").warnings).toEqual([
      "Bereits vorhanden (gleicher Name in derselben Wohnung), übersprungen.",
    ]);
  });

  it("reads Excel's CSV UTF-8 (byte-order mark) with names outside Windows-1252, header variants, Bezahlt bis and Guthaben", async () => {
    const csv = await sheet("excel-utf8-bom.csv");
    const preview = (await as().post(`${BASE}/import/preview`, { csv })).json();
    expect(preview.file_problems).toEqual([]);
    expect(preview.file_warnings.join(" ")).toContain("„Notiz“");
    expect(
      preview.rows.map((r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`),
    ).toEqual(["Ayşe Yılmaz", "Łukasz Nowak"]);
    // "Bezahlt bis 10.2026": November is still open and charged (and overdue: the sheet says so).
    expect(preview.rows[0]).toMatchObject({ status: "ok", first_period: "2026-11", payment_method: "bank_transfer" });
    expect(preview.rows[1]).toMatchObject({ status: "ok", first_period: "2026-12", opening_balance: -25.5 });
    expect(preview.invitable).toBe(1);
    const done = await as().post(`${BASE}/import`, { csv, invite: true });
    expect(done.json()).toMatchObject({ created: 2, invited: 1, refused: 0, refused_csv: null });
    const [ayse] = await tenantNamed("Ayşe", "Yılmaz");
    expect(ayse!.iban_last4).toBe("0042");
    expect((await chargesOf(ayse!.tenancy_id)).map((c) => [c.period, c.due_date])).toEqual([
      ["2026-11", "2026-11-03"],
      ["2026-12", "2026-12-03"],
    ]);
    // The same file again: Łukasz by his e-mail address, Ayşe by name and unit.
    expect((await as().post(`${BASE}/import`, { csv })).json()).toMatchObject({ created: 0, skipped: 2 });
  });

  it("a header that is not a tenant sheet is refused as a whole, saying what was found", async () => {
    const preview = (await as().post(`${BASE}/import/preview`, { csv: "Name;Miete;;\r\nX;5;;\r\n" })).json();
    expect(preview.valid).toBe(false);
    expect(preview.file_problems.join(" ")).toContain("In der Kopfzeile fehlen die Spalten Vorname, Beginn, Kaltmiete");
    expect(preview.file_problems.join(" ")).toContain("Gefunden: Name, Miete");
    const refused = await as().post(`${BASE}/import`, { csv: "Name;Miete;;\r\nX;5;;\r\n" });
    expect(refused.statusCode).toBe(422);
  });
});

describe("the command line (item 18's last point)", () => {
  it("import-tenants reads Excel's Windows-1252 file: Jörg Blöß, not J�rg Bl��", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      ["import-tenants", "--file", path.join(FIXTURES, "excel-1252-cli.csv")],
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
    );
    expect(code, err.join("\n")).toBe(0);
    expect(out.join("\n")).toContain("1 Mieter importiert");
    const [joerg] = await tenantNamed("Jörg", "Blöß");
    expect(joerg).toBeDefined();
    expect(await chargesOf(joerg!.tenancy_id)).toEqual([expect.objectContaining({ period: "2026-12" })]);

    const refusedFile = path.join(workDir, "abgelehnt.csv");
    const broken = path.join(workDir, "kaputt.csv");
    await writeFile(
      broken,
      Buffer.from(
        "Vorname;Nachname;Gebäude;Beginn;Kaltmiete;Nebenkosten\r\nPaul;Pfennig;Lindenstraße 5, 04109 Leipzig;gestern;1;1\r\n",
        "latin1",
      ),
    );
    const failed = await runAdmin(
      ["import-tenants", "--file", broken, "--refused", refusedFile],
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
    );
    expect(failed).toBe(1);
    expect(err.join("\n")).toContain("Der Beginn „gestern“");
    expect(await readFile(refusedFile, "utf8")).toContain("Paul;Pfennig;");
  });

  it("create-tenant takes the first month and the balance", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      [
        "create-tenant",
        "--email",
        "cli.takeover@example.com",
        "--invite",
        "--first-name",
        "Carla",
        "--last-name",
        "Kommando",
        "--address",
        LEIPZIG,
        "--start",
        "2015-01-01",
        "--base-rent",
        "500",
        "--utilities",
        "100",
        // A negative value after "=" (parseArgs reads "-20,00" as an option otherwise).
        "--balance=-20,00",
      ],
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
    );
    expect(code, err.join("\n")).toBe(0);
    expect(out.join("\n")).toContain("Mietkonto ab 12.2026, Saldovortrag 20,00 EUR Guthaben.");
    const [carla] = await tenantNamed("Carla", "Kommando");
    expect(await chargesOf(carla!.tenancy_id)).toEqual([
      expect.objectContaining({ period: "2026-12", amount_cents: 60_000, paid_cents: 2_000 }),
    ]);
  });
});
