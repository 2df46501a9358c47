import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTenancies } from "../src/domain/tenants/rows.js";
import { berlinToday, nowIso } from "../src/lib/time.js";
import { insertInvoice, insertPayment } from "./factories/payments.js";
import { api, createTenant, createTestContext, login, type TenantFixture, type TestContext } from "./helpers.js";

const URL = "/api/v1/tenant/finances";
let ctx: TestContext;
let tenant: TenantFixture;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.db);
  token = await login(ctx.app, tenant);
  ids.jan2023 = await insertPayment(ctx.db, tenant, { status: "paid", dueDate: "2023-01-03" });
  ids.feb2023 = await insertPayment(ctx.db, tenant, { status: "paid", dueDate: "2023-02-03", amountCents: 72_599 });
  ids.dec2021 = await insertPayment(ctx.db, tenant, { status: "paid", dueDate: "2021-12-03" });
  ids.mar2024 = await insertPayment(ctx.db, tenant, { status: "pending", dueDate: "2024-03-03" });
  ids.invLate = await insertInvoice(ctx.db, tenant.id, { title: "Reparatur Tür", dueDate: "2025-04-15" });
  ids.invEarly = await insertInvoice(ctx.db, tenant.id, {
    title: "Nebenkosten 2023",
    dueDate: "2024-11-30",
    amountCents: 8_990,
    issuedAt: "2024-10-31T23:30:00.000Z",
  });
  await insertInvoice(ctx.db, tenant.id, {
    title: "Bezahlt",
    dueDate: "2024-01-01",
    paidAt: "2024-01-02T10:00:00.000Z",
  });
});
afterAll(() => ctx.close());

describe("GET /tenant/finances", () => {
  it("returns the rent of the tenancy, the years with payments, that year's payments and open invoices", async () => {
    const res = await api(ctx.app, token).get(`${URL}?year=2023`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year).toBe(2023);
    expect(body.years).toEqual([2024, 2023, 2021]);
    expect(body.rent).toEqual({
      base_rent: 550,
      utilities: 200,
      total: 750,
      currency: "EUR",
      payment_method: "sepa_direct_debit",
      due_day: 3,
      iban_last4: "4321",
    });
    expect(body.payments.map((p: { id: string }) => p.id)).toEqual([ids.feb2023, ids.jan2023]);
    expect(body.payments[0]).toEqual({
      id: ids.feb2023,
      amount: 725.99,
      currency: "EUR",
      status: "paid",
      due_date: "2023-02-03",
      paid_at: "2023-02-03T08:00:00.000Z",
      description: "Miete 2023-02",
    });
    expect(body.open_invoices).toEqual([
      {
        id: ids.invEarly,
        title: "Nebenkosten 2023",
        amount: 89.9,
        currency: "EUR",
        due_date: "2024-11-30",
        // Stored as an instant: its Berlin calendar date (23:30 UTC is already 1 November in Berlin).
        issued_at: "2024-11-01",
      },
      {
        id: ids.invLate,
        title: "Reparatur Tür",
        amount: 123.45,
        currency: "EUR",
        due_date: "2025-04-15",
        issued_at: "2025-02-01",
      },
    ]);
  });

  it("reports a pending payment of a past date as overdue", async () => {
    const res = await api(ctx.app, token).get(`${URL}?year=2024`);
    expect(res.json().payments).toEqual([expect.objectContaining({ id: ids.mar2024, status: "overdue" })]);
  });

  it("defaults to the current Berlin year, and a year without payments lists none", async () => {
    const res = await api(ctx.app, token).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json().year).toBe(Number(berlinToday().slice(0, 4)));
    const empty = await api(ctx.app, token).get(`${URL}?year=2010`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ year: 2010, payments: [], years: [2024, 2023, 2021] });
  });

  it("uses the tenancy with the latest start date", async () => {
    const mover = await createTenant(ctx.db);
    await insertTenancies(ctx.db, [
      {
        tenantId: mover.id,
        address: "Neue Straße 1, 10115 Berlin",
        buildingId: null,
        apartmentNumber: "EG",
        startDate: "2024-05-01",
        endDate: null,
        baseRentCents: 61_050,
        utilitiesCents: 22_000,
        paymentMethod: "bank_transfer",
        dueDay: 1,
        ibanLast4: null,
        createdAt: nowIso(),
      },
    ]);
    const res = await api(ctx.app, await login(ctx.app, mover)).get(URL);
    expect(res.json().rent).toEqual({
      base_rent: 610.5,
      utilities: 220,
      total: 830.5,
      currency: "EUR",
      payment_method: "bank_transfer",
      due_day: 1,
      iban_last4: null,
    });
    expect(res.json()).toMatchObject({ years: [], payments: [], open_invoices: [] });
  });

  it("agrees with /auth/user on the current tenancy when two start on the same day", async () => {
    const tenant = await createTenant(ctx.db, { address: "Erste Straße 1, 10115 Berlin" });
    await insertTenancies(ctx.db, [
      {
        // An id that sorts first, so only created_at can make this the current one.
        id: "00000000-0000-4000-8000-000000000000",
        tenantId: tenant.id,
        address: "Zweite Straße 2, 10115 Berlin",
        buildingId: null,
        apartmentNumber: "1. OG",
        startDate: "2020-01-01",
        endDate: null,
        baseRentCents: 70_000,
        utilitiesCents: 10_000,
        paymentMethod: "bank_transfer",
        dueDay: 1,
        ibanLast4: null,
        createdAt: new Date(Date.now() + 60_000).toISOString(),
      },
    ]);
    const token = await login(ctx.app, tenant);
    expect((await api(ctx.app, token).get(URL)).json().rent.base_rent).toBe(700);
    expect((await api(ctx.app, token).get("/api/v1/auth/user")).json()).toMatchObject({
      address: "Zweite Straße 2, 10115 Berlin",
      apartment_number: "1. OG",
    });
  });

  it("never shows another tenant's payments or invoices", async () => {
    const other = await createTenant(ctx.db);
    const res = await api(ctx.app, await login(ctx.app, other)).get(`${URL}?year=2023`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ years: [], payments: [], open_invoices: [] });
  });

  it.each(["abc", "1999", "2101", "2023.5", "", "2023&year=2024"])(
    "answers 400 in German for year=%s",
    async (year) => {
      const res = await api(ctx.app, token).get(`${URL}?year=${year}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "validation_failed",
        message: "Bitte geben Sie ein gültiges Jahr an.",
        fields: { year: "Bitte geben Sie ein gültiges Jahr an." },
      });
    },
  );

  it("answers 401 without token and with a bad token", async () => {
    expect((await api(ctx.app).get(URL)).statusCode).toBe(401);
    const bad = await api(ctx.app, `${token}x`).get(URL);
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe("token_invalid");
  });
});
