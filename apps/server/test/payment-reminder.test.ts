import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { addDays, DEFAULT_BRAND, isValidIban } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { sendReminder } from "../src/domain/ledger/payment-reminders.js";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { giroCodePayload, giroCodePng } from "../src/lib/girocode.js";
import { berlinToday } from "../src/lib/time.js";
import { insertPayment } from "./factories/payments.js";
import { BUILDING_A, BUILDING_B, outboxTo } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

// Issue 24 item 11: the reminder names the account to pay to, a deadline, the amounts per month and
// the payment reference; the overdue list has a name search and a total over the whole list.

const LEDGER = "/api/v1/staff/ledger";
const IBAN = "DE02120300000000202051";
let ctx: TestContext;
let token: string;
const today = berlinToday();
const people: Record<string, TenantFixture> = {};

beforeAll(async () => {
  ctx = await createTestContext({
    BRAND_BANK_IBAN: "de02 1203 0000 0000 2020 51",
    BRAND_BANK_RECIPIENT: "Birke Wohnen GmbH",
  });
  people.mueller = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Jürgen", lastName: "Müller" });
  people.yilmaz = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Ayşe", lastName: "Yılmaz" });
  people.schmidt = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Eva", lastName: "Schmidt" });
  people.other = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Otto", lastName: "Anders" });
  for (const [i, t] of Object.values(people).entries()) {
    await insertPayment(ctx.db, t, {
      status: "pending",
      dueDate: addDays(today, -40 - i),
      amountCents: 70_000 + i * 100,
    });
    await ensureRentCharges(ctx.db, { tenancyId: t.tenancyId });
  }
  token = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [BUILDING_A]));
});
afterAll(() => ctx?.close());

/** What is overdue today in these tenancies, in euros (from the charges, as the list counts). */
async function overdueOf(...tenants: TenantFixture[]): Promise<number> {
  const rows = await ctx.db
    .selectFrom("payments")
    .select(["amount_cents", "paid_cents"])
    .where(
      "tenancy_id",
      "in",
      tenants.map((t) => t.tenancyId),
    )
    .where("status", "in", ["pending", "overdue"])
    .where("due_date", "<", today)
    .execute();
  return rows.reduce((s, r) => s + r.amount_cents - r.paid_cents, 0) / 100;
}

describe("the brand's bank account", () => {
  it("is refused at start-up when the IBAN's check digits are wrong, with what to do", () => {
    expect(() => loadConfig({ BRAND_BANK_IBAN: "DE02120300000000202052", BRAND_BANK_RECIPIENT: "X" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ BRAND_BANK_IBAN: "DE02120300000000202052", BRAND_BANK_RECIPIENT: "X" })).toThrow(
      /BRAND_BANK_IBAN: „DE02120300000000202052“ ist keine gültige IBAN .*Bitte die IBAN des Mietkontos prüfen/,
    );
    expect(() => loadConfig({ BRAND_BANK_IBAN: IBAN, BRAND_BANK_RECIPIENT: " " })).toThrow(/BRAND_BANK_RECIPIENT/);
  });

  it("is read from BRAND_BANK_* in print-free form; the demo brand's IBAN passes the check", () => {
    expect(ctx.config.brand.bankAccount).toEqual({ iban: IBAN, recipient: "Birke Wohnen GmbH" });
    expect(isValidIban(DEFAULT_BRAND.bankAccount!.iban)).toBe(true);
    expect(loadConfig({}).brand.bankAccount).toEqual(DEFAULT_BRAND.bankAccount);
  });
});

describe("the payment reminder", () => {
  it("names the account, the recipient, each month's amount, the reference and a deadline 14 days on", async () => {
    const tenant = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Lena", lastName: "Lang" });
    await insertPayment(ctx.db, tenant, { status: "pending", dueDate: "2026-10-03", amountCents: 65_000 });
    await insertPayment(ctx.db, tenant, { status: "pending", dueDate: "2026-11-03", amountCents: 66_050 });
    const sent = await sendReminder(
      ctx.db,
      tenant.tenancyId,
      { company: "Birke Wohnen", publicUrl: "https://portal.example" },
      { staffId: null, name: "Test", ip: null },
      ctx.config.brand.bankAccount,
      "2026-11-27",
    );
    if (sent === "nothing_overdue") throw new Error(sent);
    expect(sent).toMatchObject({ payBy: "2026-12-11", overdueCents: 131_050 });
    const reference = (
      await ctx.db
        .selectFrom("rent_accounts")
        .select("reference")
        .where("tenancy_id", "=", tenant.tenancyId)
        .executeTakeFirstOrThrow()
    ).reference;
    const body = (await outboxTo(ctx.db, tenant.id)).at(-1)!.body;
    expect(body).toMatch(/fällig am 03\.10\.2026: 650,00\s€ offen/);
    expect(body).toMatch(/fällig am 03\.11\.2026: 660,50\s€ offen/);
    expect(body).toMatch(/Offen insgesamt: 1\.310,50\s€/);
    expect(body).toContain("bis zum 11. Dezember 2026");
    expect(body).toContain("Empfänger: Birke Wohnen GmbH");
    expect(body).toContain("IBAN: DE02 1203 0000 0000 2020 51");
    expect(body).toContain(`Verwendungszweck: ${reference}`);
    // Issue 28: the GiroCode of each open amount is in the tenant's Finanzen.
    expect(body).toContain("GiroCode");
    expect(body).toContain("/finances");
    // …and the whole open amount's GiroCode comes with the mail as a PNG: exactly the code of the
    // recipient, IBAN, 1.310,50 € and the reference (drawn the same way from the expected payload).
    const row = (await outboxTo(ctx.db, tenant.id)).at(-1)!;
    const attachment = JSON.parse(row.attachment!) as { filename: string; content_type: string; base64: string };
    expect(attachment).toMatchObject({ filename: "GiroCode.png", content_type: "image/png" });
    const expected = await giroCodePng(
      giroCodePayload({
        recipient: "Birke Wohnen GmbH",
        iban: IBAN,
        bic: null,
        amountCents: 131_050,
        remittance: reference,
      }),
    );
    expect(Buffer.from(attachment.base64, "base64").equals(expected)).toBe(true);
    // The mail as sent (an .eml in DATA_DIR/outbox without SMTP) carries it as an image/png part.
    await ctx.app.notifications.runOnce();
    const dir = path.join(ctx.dataDir, "outbox");
    const sentMails = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), "utf8")));
    const mail = sentMails.find((raw) => raw.includes(`To: ${tenant.email}`) && raw.includes("GiroCode.png"));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/Content-Type: image\/png; name=GiroCode\.png/);
    expect(mail!.replace(/\r?\n/g, "")).toContain(expected.toString("base64").slice(0, 200));
  });

  it("answers with the deadline through the console's route", async () => {
    const res = await api(ctx.app, token).post(`${LEDGER}/accounts/${people.schmidt!.tenancyId}/reminders`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ pay_by: addDays(today, 14), overdue: await overdueOf(people.schmidt!) });
    expect((await outboxTo(ctx.db, people.schmidt!.id)).at(-1)!.body).toContain("IBAN: DE02 1203 0000 0000 2020 51");
  });
});

describe("the overdue list", () => {
  it("totals the whole filtered list, not only the page", async () => {
    const res = await api(ctx.app, token).get(`${LEDGER}/overdue?limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    const inA = await ctx.db
      .selectFrom("rent_accounts")
      .innerJoin("tenancies", "tenancies.id", "rent_accounts.tenancy_id")
      .innerJoin("buildings", "buildings.id", "tenancies.building_id")
      .select("tenancy_id")
      .where("buildings.address", "=", BUILDING_A)
      .where("open_since", "<", today)
      .execute();
    expect(res.json().items).toHaveLength(1);
    expect(res.json().total).toEqual({
      tenancies: inA.length,
      overdue: await overdueOf(...inA.map((r) => ({ tenancyId: r.tenancy_id }) as TenantFixture)),
    });
    expect(inA.length).toBeGreaterThanOrEqual(3);
  });

  it("finds tenants by name ignoring case and diacritics, with the total of what it found", async () => {
    const find = async (q: string) =>
      (await api(ctx.app, token).get(`${LEDGER}/overdue?q=${encodeURIComponent(q)}`)).json();
    const muller = await find("muller");
    expect(muller.items.map((e: { tenant_name: string }) => e.tenant_name)).toEqual(["Jürgen Müller"]);
    expect(muller.total).toEqual({ tenancies: 1, overdue: await overdueOf(people.mueller!) });
    expect((await find("YILMAZ")).items.map((e: { tenant_name: string }) => e.tenant_name)).toEqual(["Ayşe Yılmaz"]);
    // Another building's tenant stays out of my list, searched or not.
    expect(await find("anders")).toMatchObject({ items: [], total: { tenancies: 0, overdue: 0 } });
  });

  it("refuses a search longer than 100 characters with a German message", async () => {
    const res = await api(ctx.app, token).get(`${LEDGER}/overdue?q=${"x".repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Der Suchbegriff ist zu lang.");
  });
});
