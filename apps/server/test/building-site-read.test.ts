import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../src/domain/staff/staff-members.js";
import { hashPassword } from "../src/lib/passwords.js";
import { BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  STAFF_PASSWORD,
  type StaffFixture,
  staffLogin,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

// Issue 27 §2: the console's site form shows what is saved for a house (its position and the radius
// that counts as "am Objekt"), read by those who may set it — Administrators and the building's
// Verwalter; null while none is saved; Hausmeister and Dienstleister refused, other houses 404.

let ctx: TestContext;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
let buildingB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  const buildingOf = async (address: string) =>
    (await ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow()).id;
  buildingA = await buildingOf(BUILDING_A);
  buildingB = await buildingOf(BUILDING_B);
  const email = `dienstleister-${randomUUID().slice(0, 8)}@garten.example`;
  people.dienstleisterA = {
    id: await createStaff(ctx.db, {
      email,
      name: "Dana Garten",
      role: "dienstleister",
      buildingIds: [buildingA],
      passwordHash: await hashPassword(STAFF_PASSWORD),
      totpSecret: null,
      totpEnabled: false,
    }),
    email,
    password: STAFF_PASSWORD,
    totpSecret: undefined,
  };
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.anna = await login(ctx.app, anna);
});
afterAll(() => ctx.close());

const as = (who?: string) => api(ctx.app, who ? tokens[who] : undefined);
const siteOf = (id: string) => `/api/v1/staff/buildings/${id}/site`;
const get = (who: string | undefined, id: string) => as(who).get(siteOf(id));
const SITE = { latitude: 52.5163, longitude: 13.3777, tolerance_m: 150 };

describe("reading a house's saved position", () => {
  it("is null while none is saved, then what the last save wrote, for the Verwalter and an Administrator", async () => {
    const before = await get("verwalterA", buildingA);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toBeNull();

    const saved = await as("verwalterA").inject({ method: "PUT", url: siteOf(buildingA), payload: SITE });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const who of ["verwalterA", "admin"]) {
      const res = await get(who, buildingA);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ building_id: buildingA, ...SITE });
    }

    // Saved again without a radius: the default the crews' check uses.
    const moved = { latitude: 52.5301, longitude: 13.4102 };
    await as("admin").inject({ method: "PUT", url: siteOf(buildingA), payload: moved });
    expect((await get("verwalterA", buildingA)).json()).toEqual({ building_id: buildingA, ...moved, tolerance_m: 100 });
    // The other house still has none.
    const other = await get("verwalterB", buildingB);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toBeNull();
  });

  it("refuses: no token or a tenant 401, Hausmeister and Dienstleister 403, another building's Verwalter and an unknown house 404, a malformed id 400", async () => {
    expect((await get(undefined, buildingA)).statusCode).toBe(401);
    expect((await get("anna", buildingA)).statusCode).toBe(401);
    const hausmeister = await get("hausmeisterA", buildingA);
    expect(hausmeister.statusCode).toBe(403);
    expect(hausmeister.json()).toMatchObject({ error: "forbidden", message: "Dafür fehlt Ihnen die Berechtigung." });
    expect((await get("dienstleisterA", buildingA)).statusCode).toBe(403);
    const elsewhere = await get("verwalterB", buildingA);
    expect(elsewhere.statusCode).toBe(404);
    // The refusal does not tell a house of another building from one that does not exist.
    const unknownForVerwalter = await get("verwalterB", UNKNOWN_ID);
    expect(unknownForVerwalter.statusCode).toBe(404);
    expect(unknownForVerwalter.json()).toEqual(elsewhere.json());
    expect((await get("admin", UNKNOWN_ID)).statusCode).toBe(404);
    expect((await get("admin", "kein-haus")).statusCode).toBe(400);
  });
});
