import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectiveStatus } from "../src/domain/ledger/payments.js";
import { berlinToday } from "../src/lib/time.js";
import { addDays, insertPayment } from "./factories/payments.js";
import { api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

const URL = "/api/v1/tenant/payments/current";
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function signedInTenant() {
  const tenant = await createTenant(ctx.db);
  return { tenant, token: await login(ctx.app, tenant) };
}

describe("GET /tenant/payments/current", () => {
  it("answers null when the tenant has no payment at all", async () => {
    const { token } = await signedInTenant();
    const res = await api(ctx.app, token).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it("answers null when every payment is paid", async () => {
    const { tenant, token } = await signedInTenant();
    await insertPayment(ctx.db, tenant, { status: "paid", dueDate: "2024-01-03" });
    await insertPayment(ctx.db, tenant, { status: "paid", dueDate: "2024-02-03" });
    const res = await api(ctx.app, token).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it("returns the earliest unpaid payment in euros with all fields", async () => {
    const { tenant, token } = await signedInTenant();
    const today = berlinToday();
    await insertPayment(ctx.db, tenant, { status: "paid", dueDate: addDays(today, -40) });
    const next = await insertPayment(ctx.db, tenant, {
      status: "pending",
      dueDate: addDays(today, 5),
      amountCents: 75_050,
      description: "Miete nächster Monat",
    });
    await insertPayment(ctx.db, tenant, { status: "pending", dueDate: addDays(today, 35) });
    const res = await api(ctx.app, token).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: next,
      amount: 750.5,
      currency: "EUR",
      status: "pending",
      due_date: addDays(today, 5),
      paid_at: null,
      description: "Miete nächster Monat",
    });
  });

  it("reports a pending payment past its due date as overdue, and prefers it over later ones", async () => {
    const { tenant, token } = await signedInTenant();
    const today = berlinToday();
    const late = await insertPayment(ctx.db, tenant, { status: "pending", dueDate: addDays(today, -3) });
    await insertPayment(ctx.db, tenant, { status: "pending", dueDate: addDays(today, 27) });
    const res = await api(ctx.app, token).get(URL);
    expect(res.json()).toMatchObject({ id: late, status: "overdue", amount: 750 });
    // The stored row keeps its status; "overdue" is derived.
    const row = await ctx.db.selectFrom("payments").select("status").where("id", "=", late).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("keeps a payment due today pending and reports a stored overdue one as overdue", async () => {
    const { tenant, token } = await signedInTenant();
    const today = berlinToday();
    const dueToday = await insertPayment(ctx.db, tenant, { status: "pending", dueDate: today });
    let res = await api(ctx.app, token).get(URL);
    expect(res.json()).toMatchObject({ id: dueToday, status: "pending", due_date: today });

    const stored = await insertPayment(ctx.db, tenant, { status: "overdue", dueDate: addDays(today, -60) });
    res = await api(ctx.app, token).get(URL);
    expect(res.json()).toMatchObject({ id: stored, status: "overdue" });
  });

  it("never shows another tenant's payments", async () => {
    const { tenant: a } = await signedInTenant();
    const { token: tokenB } = await signedInTenant();
    await insertPayment(ctx.db, a, { status: "pending", dueDate: "2030-01-03" });
    const res = await api(ctx.app, tokenB).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it("answers 401 without token, with a bad token and without API key", async () => {
    const noToken = await api(ctx.app).get(URL);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ error: "unauthorized", message: "Bitte melden Sie sich an." });
    const badToken = await api(ctx.app, "not.a.token").get(URL);
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json().error).toBe("token_invalid");
    const { token } = await signedInTenant();
    const noKey = await ctx.app.inject({ method: "GET", url: URL, headers: { authorization: `Bearer ${token}` } });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error).toBe("invalid_api_key");
  });
});

describe("effectiveStatus", () => {
  it("derives overdue only from pending payments past their due date", () => {
    expect(effectiveStatus("paid", "2020-01-01", "2025-06-01")).toBe("paid");
    expect(effectiveStatus("pending", "2025-05-31", "2025-06-01")).toBe("overdue");
    expect(effectiveStatus("pending", "2025-06-01", "2025-06-01")).toBe("pending");
    expect(effectiveStatus("overdue", "2025-07-01", "2025-06-01")).toBe("overdue");
  });
});
