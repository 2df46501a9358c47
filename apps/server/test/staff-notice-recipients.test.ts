import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { setTenantNotifyEmail } from "../src/domain/tenants/tenants.js";
import { api, createStaffMember, createTenant, createTestContext, staffLogin, type TestContext } from "./helpers.js";

// Issue 25 item 21: before an outage notice mails a building, the console asks „An N Mieter senden?“;
// N comes from the server and is exactly whom the publish then mails.

const HOUSE = "Zählweg 1, 10999 Berlin";
const OTHER = "Fremdweg 2, 10999 Berlin";
const URL = "/api/v1/staff/notices/recipients";

let ctx: TestContext;
let houseId: string;
let otherId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  await createTenant(ctx.db, { address: HOUSE, firstName: "Ada", lastName: "Auf" });
  await createTenant(ctx.db, { address: HOUSE, firstName: "Ben", lastName: "Bei" });
  const off = await createTenant(ctx.db, { address: HOUSE, firstName: "Cem", lastName: "Ohne" });
  await setTenantNotifyEmail(ctx.db, off.id, false);
  await createTenant(ctx.db, { address: HOUSE, firstName: "Dora", lastName: "Weg", endDate: "2020-06-30" });
  await createTenant(ctx.db, { address: OTHER, firstName: "Emil", lastName: "Ebenda" });
  houseId = await ensureBuilding(ctx.db, HOUSE);
  otherId = await ensureBuilding(ctx.db, OTHER);
  tokens.admin = await staffLogin(ctx.app, await createStaffMember(ctx.db, "administrator"));
  tokens.verwalter = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [HOUSE]));
  tokens.hausmeister = await staffLogin(ctx.app, await createStaffMember(ctx.db, "hausmeister", [HOUSE]));
});
afterAll(() => ctx.close());

describe("GET /staff/notices/recipients", () => {
  it("counts the building's current tenants with e-mail on, as many as the outage then mails", async () => {
    const res = await api(ctx.app, tokens.verwalter).get(`${URL}?building=${houseId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recipients: 2 });

    const published = await api(ctx.app, tokens.verwalter).post("/api/v1/staff/notices", {
      building_id: houseId,
      title: "Wasser abgestellt",
      text: "Wegen einer Reparatur ist das Wasser abgestellt.",
      kind: "emergency",
      emergency_type: "water_outage",
      valid_from: new Date().toISOString(),
      outage_from: new Date().toISOString(),
      outage_until: new Date(Date.now() + 4 * 3_600_000).toISOString(),
    });
    expect(published.statusCode, published.body).toBe(201);
    const mailed = await ctx.db
      .selectFrom("notification_outbox")
      .select("id")
      .where("kind", "=", "notice_emergency")
      .execute();
    expect(mailed).toHaveLength(2);
  });

  it("all buildings for Administrators only; another building 403/404; Hausmeister none", async () => {
    expect((await api(ctx.app, tokens.admin).get(`${URL}?building=all`)).json()).toEqual({ recipients: 3 });
    expect((await api(ctx.app, tokens.verwalter).get(`${URL}?building=all`)).statusCode).toBe(403);
    expect([403, 404]).toContain((await api(ctx.app, tokens.verwalter).get(`${URL}?building=${otherId}`)).statusCode);
    expect((await api(ctx.app, tokens.hausmeister).get(`${URL}?building=${houseId}`)).statusCode).toBe(403);
    const missing = await api(ctx.app, tokens.verwalter).get(URL);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("Bitte wählen Sie ein Gebäude.");
  });
});
