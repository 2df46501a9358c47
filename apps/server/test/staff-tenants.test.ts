import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { berlinToday } from "../src/lib/time.js";
import { publishDocument } from "./factories/documents.js";
import { insertRepair, repairPayload } from "./factories/repairs.js";
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
  UNKNOWN_ID,
} from "./helpers.js";

const BASE = "/api/v1/staff/tenants";

let ctx: TestContext;
let anna: TenantFixture;
let oemer: TenantFixture;
let bernd: TenantFixture;
let buildingA: string;
let buildingB: string;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  anna = await createTenant(ctx.db, {
    address: BUILDING_A,
    firstName: "Anna",
    lastName: "Albers",
    email: "anna.albers@example.com",
    apartment: "EG rechts",
  });
  oemer = await createTenant(ctx.db, {
    address: BUILDING_A,
    firstName: "Ömer",
    lastName: "Özdemir",
    email: "oe.oezdemir@example.com",
  });
  for (const [first, last] of [
    ["Zoe", "Zander"],
    ["Paul", "Albers"],
    ["Maria", "Meier"],
    ["Max", "Meier"],
  ] as const) {
    await createTenant(ctx.db, { address: BUILDING_A, firstName: first, lastName: last });
  }
  await createTenant(ctx.db, { address: BUILDING_A, firstName: "Karl", lastName: "Kurz", endDate: "2021-06-30" });
  bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.anna = await login(ctx.app, anna);
  const ids = await ctx.db.selectFrom("buildings").select(["id", "address"]).execute();
  buildingA = ids.find((b) => b.address === BUILDING_A)!.id;
  buildingB = ids.find((b) => b.address === BUILDING_B)!.id;
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
type Summary = { id: string; name: string; email: string; address: string | null; tenancy_active: boolean };
const search = async (who: string, query: string) => {
  const res = await as(who).get(`${BASE}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Summary[]; next_cursor: string | null };
};
const names = (page: { items: Summary[] }) => page.items.map((t) => t.name).sort();

describe("GET /staff/tenants", () => {
  it("lists the tenants of my buildings only; Administrators see all", async () => {
    const mine = await search("verwalterA", "limit=100");
    expect(mine.items).toHaveLength(7);
    expect(mine.items.map((t) => t.id)).not.toContain(bernd.id);
    expect(mine.next_cursor).toBeNull();
    expect(mine.items.find((t) => t.id === anna.id)).toEqual({
      id: anna.id,
      name: "Anna Albers",
      email: "anna.albers@example.com",
      building: { id: buildingA, name: "Lindenstraße 5" },
      address: BUILDING_A,
      unit: "EG rechts",
      tenancy_active: true,
      invitation_status: "active",
    });
    expect(mine.items.find((t) => t.name === "Karl Kurz")?.tenancy_active).toBe(false);
    expect(names(await search("verwalterB", "limit=100"))).toEqual(["Bernd Berg"]);
    expect((await search("hausmeisterA", "limit=100")).items).toHaveLength(7);
    expect((await search("admin", "limit=100")).items).toHaveLength(8);
    expect(names(await search("admin", `building=${buildingB}`))).toEqual(["Bernd Berg"]);
  });

  it("pages by cursor in name order without gaps or repeats", async () => {
    const all = (await search("verwalterA", "limit=100")).items.map((t) => t.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await search("verwalterA", `limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((t) => t.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
    // Last name first: both Albers come before Meier.
    const order = (await search("verwalterA", "limit=100")).items.map((t) => t.name);
    expect(order.indexOf("Paul Albers")).toBeLessThan(order.indexOf("Maria Meier"));
    expect(order.indexOf("Maria Meier")).toBeLessThan(order.indexOf("Max Meier"));
  });

  it("finds by name, e-mail and address, every word, ignoring case (also umlauts)", async () => {
    expect(names(await search("verwalterA", "q=albers"))).toEqual(["Anna Albers", "Paul Albers"]);
    expect(names(await search("verwalterA", "q=ANNA%20albers"))).toEqual(["Anna Albers"]);
    expect(names(await search("verwalterA", `q=${encodeURIComponent("özdemir")}`))).toEqual(["Ömer Özdemir"]);
    expect(names(await search("verwalterA", `q=${encodeURIComponent("ÖMER")}`))).toEqual(["Ömer Özdemir"]);
    expect(names(await search("verwalterA", "q=oe.oezdemir%40EXAMPLE"))).toEqual(["Ömer Özdemir"]);
    expect((await search("verwalterA", `q=${encodeURIComponent("lindenstraße 5")}`)).items).toHaveLength(7);
    // ß is searched as ss as well (decision 030).
    expect((await search("verwalterA", `q=${encodeURIComponent("LINDENSTRASSE")}`)).items).toHaveLength(7);
    // Search stays inside my buildings.
    expect((await search("verwalterA", "q=berg")).items).toEqual([]);
    expect(names(await search("admin", "q=berg"))).toEqual(["Bernd Berg"]);
    // LIKE wildcards are taken literally.
    expect((await search("verwalterA", `q=${encodeURIComponent("%")}`)).items).toEqual([]);
    expect((await search("verwalterA", `q=${encodeURIComponent("a_b")}`)).items).toEqual([]);
  });

  it("answers 400 German for bad input, 404 for another building's filter, 401 for tenants", async () => {
    const badCursor = await as("verwalterA").get(`${BASE}?cursor=nicht-von-uns`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe("Die Angabe zur nächsten Seite ist ungültig. Bitte laden Sie neu.");
    expect((await as("verwalterA").get(`${BASE}?building=haus-a`)).json().fields).toEqual({
      building: "Unbekanntes Gebäude.",
    });
    expect((await as("verwalterA").get(`${BASE}?limit=0`)).statusCode).toBe(400);
    expect((await as("verwalterA").get(`${BASE}?q=${"x".repeat(101)}`)).statusCode).toBe(400);
    expect((await as("verwalterA").get(`${BASE}?building=${buildingB}`)).statusCode).toBe(404);
    expect((await as("anna").get(BASE)).statusCode).toBe(401);
    expect((await api(ctx.app).get(BASE)).statusCode).toBe(401);
  });
});

describe("GET /staff/tenants/{id}", () => {
  beforeAll(async () => {
    const repair = await as("anna").post("/api/v1/tenant/repairs", repairPayload({ location: "kitchen" }));
    expect(repair.statusCode).toBe(201);
    await insertRepair(ctx.db, anna.id, { status: "completed", reportedAt: "2024-03-01T09:00:00.000Z" });
    const message = await as("anna").post("/api/v1/tenant/messages", { subject: "Klingel defekt", content: "Hallo?" });
    expect(message.statusCode).toBe(201);
    await publishDocument(ctx.db, ctx.app.files, anna.id, { title: "Hausordnung", type: "house_rules" });
    for (const [readingDate, waterReading] of [
      [addDays(berlinToday(), -30), 50],
      [addDays(berlinToday(), -2), 40],
    ] as const) {
      const res = await as("anna").post("/api/v1/tenant/meter-readings", {
        readingDate,
        waterReading,
        confirmLower: true,
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it("shows a Verwalter the tenancy, repairs, conversations, appointments, documents and readings", async () => {
    const res = await as("verwalterA").get(`${BASE}/${anna.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.tenant).toMatchObject({ id: anna.id, name: "Anna Albers", unit: "EG rechts" });
    expect(page.tenancy).toEqual({
      id: expect.any(String),
      start_date: "2020-01-01",
      end_date: null,
      base_rent: 550,
      utilities: 200,
      payment_method: "sepa_direct_debit",
      due_day: 3,
    });
    expect(page.open_repairs).toEqual([expect.objectContaining({ title: "Sanitär – Küche", status: "reported" })]);
    expect(page.past_repairs).toEqual([
      expect.objectContaining({ title: "Heizung – Wohnzimmer", status: "completed" }),
    ]);
    expect(page.threads).toEqual([expect.objectContaining({ subject: "Klingel defekt", awaiting_reply: true })]);
    expect(page.documents).toEqual([expect.objectContaining({ title: "Hausordnung", type: "house_rules" })]);
    expect(page.meter_readings.map((r: { lower_than_previous: boolean }) => r.lower_than_previous)).toEqual([
      true,
      false,
    ]);
    expect(page.appointments).toEqual([]);
    // The tenancy's id opens the tenant's rent account in Finanzen.
    const account = await as("verwalterA").get(`/api/v1/staff/ledger/accounts/${page.tenancy.id}`);
    expect(account.statusCode).toBe(200);
  });

  it("shows a Hausmeister no finances, conversations, documents or readings", async () => {
    const res = await as("hausmeisterA").get(`${BASE}/${anna.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.tenancy).toBeNull();
    expect(page.threads).toEqual([]);
    expect(page.documents).toBeNull();
    expect(page.meter_readings).toBeNull();
    expect(page.open_repairs).toHaveLength(1);
  });

  it("answers 404 for a tenant of another building or an unknown id, 401 for tenant tokens", async () => {
    expect((await as("verwalterB").get(`${BASE}/${anna.id}`)).statusCode).toBe(404);
    expect((await as("verwalterA").get(`${BASE}/${bernd.id}`)).statusCode).toBe(404);
    expect((await as("verwalterA").get(`${BASE}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await as("admin").get(`${BASE}/${bernd.id}`)).statusCode).toBe(200);
    expect((await as("admin").get(`${BASE}/${oemer.id}`)).json().tenant.name).toBe("Ömer Özdemir");
    expect((await as("anna").get(`${BASE}/${anna.id}`)).statusCode).toBe(401);
    expect((await as("verwalterA").get(`${BASE}/anna`)).statusCode).toBe(400);
  });
});
