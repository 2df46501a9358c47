import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findInboxItem } from "../src/domain/inbox/inbox.js";
import { berlinToday } from "../src/lib/time.js";
import { photo } from "./factories/repairs.js";
import {
  auditOf,
  BUILDING_A,
  BUILDING_B,
  COMPANY,
  collectingMailer,
  outboxTo,
  writeCounts,
} from "./factories/staff.js";
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

const STAFF = "/api/v1/staff/meter-readings";
const TENANT = "/api/v1/tenant/meter-readings";

const { mailer, sent } = collectingMailer();
let ctx: TestContext;
let tenantA: TenantFixture;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  tenantA = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.tenantA = await login(ctx.app, tenantA);
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const day = (offset: number) => addDays(berlinToday(), offset);
const readingRow = (id: string) =>
  ctx.db.selectFrom("meter_readings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function submit(who: string, body: Record<string, unknown>) {
  const res = await as(who).post(TENANT, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Each test gets a tenant of its own in building A (readings compare with the tenant's previous ones). */
async function freshTenant(firstName: string) {
  const tenant = await createTenant(ctx.db, { address: BUILDING_A, firstName, lastName: "Alt" });
  tokens[firstName] = await login(ctx.app, tenant);
  return tenant;
}

/** A first reading, then a lower water value: the second waits in the inbox. */
async function lowerReading(who: string) {
  const first = await submit(who, {
    readingDate: day(-40),
    waterReading: 100.5,
    electricityReading: 2000,
    heatingReading: 500,
  });
  // The tenant confirms the lower value explicitly (issue 12); the server flags it for the management.
  const lower = await submit(who, {
    confirmLower: true,
    readingDate: day(-10),
    waterReading: 90.25,
    electricityReading: 2100,
    photos: { waterMeterPhoto: photo("sample.png", { mime: "image/png", filename: "wasser.png" }) },
  });
  return { first, lower };
}

describe("a tenant's reading lower than the previous one", () => {
  it("is flagged per meter, compared by reading date, and waits in the inbox with a line to the staff", async () => {
    const { first, lower } = await lowerReading("tenantA");
    expect((await readingRow(first)).lower_flags).toBe("");
    expect((await readingRow(lower)).lower_flags).toBe("water");
    expect(await findInboxItem(ctx.db, "meter_reading", first)).toBeUndefined();
    expect(await findInboxItem(ctx.db, "meter_reading", lower)).toMatchObject({
      state: "new",
      title: "Zählerstand niedriger als zuvor: Wasser",
      tenant_id: tenantA.id,
    });
    // Verwalter and Administrators hear about it; a Hausmeister does not see readings at all.
    const lineOf = async (who: string) =>
      (await outboxTo(ctx.db, people[who]!.id)).filter((m) => m.kind === "staff_new_item").map((m) => m.body);
    expect(await lineOf("verwalterA")).toEqual([expect.stringMatching(/niedriger als zuvor \(Wasser\) – Anna Alt$/)]);
    expect(await lineOf("admin")).toHaveLength(1);
    expect(await lineOf("hausmeisterA")).toEqual([]);
    expect(await lineOf("verwalterB")).toEqual([]);

    // A reading dated before both has no previous reading: nothing to flag, whatever its values.
    const backdated = await submit("tenantA", { readingDate: day(-60), waterReading: 1, heatingReading: 1 });
    expect((await readingRow(backdated)).lower_flags).toBe("");
    // The next one is compared with the latest earlier reading of each meter (heating: the first).
    const next = await submit("tenantA", {
      confirmLower: true,
      readingDate: day(-5),
      electricityReading: 2050,
      heatingReading: 499,
    });
    expect((await readingRow(next)).lower_flags).toBe("electricity,heating");
  });
});

describe("GET /staff/meter-readings/{id}", () => {
  it("shows values, previous values, flags, review and photos (by the staff photo route)", async () => {
    const tenant = await freshTenant("Berta");
    const { lower } = await lowerReading("Berta");
    const res = await as("verwalterA").get(`${STAFF}/${lower}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: lower,
      reading_date: day(-10),
      water_reading: 90.25,
      electricity_reading: 2100,
      heating_reading: null,
      lower_than_previous: ["water"],
      previous: { water_reading: 100.5, electricity_reading: 2000, heating_reading: 500 },
      review: null,
      tenant: { id: tenant.id, name: "Berta Alt" },
    });
    expect(body.photos).toEqual([
      expect.objectContaining({
        meter: "water",
        filename: "wasser.png",
        url: `/api/v1/staff/photos/${body.photos[0].id}`,
      }),
    ]);
    const image = await as("verwalterA").get(body.photos[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    // A Hausmeister may not see meter photos either.
    expect((await as("hausmeisterA").get(body.photos[0].url)).statusCode).toBe(404);
  });

  it("answers 403 to a Hausmeister, 404 to another building, 401 to a tenant token", async () => {
    const { lower } = await lowerReading("tenantA");
    const hausmeister = await as("hausmeisterA").get(`${STAFF}/${lower}`);
    expect(hausmeister.statusCode).toBe(403);
    expect(hausmeister.json()).toEqual({ error: "forbidden", message: "Dafür fehlt Ihnen die Berechtigung." });
    expect((await as("hausmeisterA").post(`${STAFF}/${lower}/accept`)).statusCode).toBe(403);
    expect(
      (await as("hausmeisterA").post(`${STAFF}/${lower}/request-renewal`, { message: "Bitte neu" })).statusCode,
    ).toBe(403);
    expect((await as("verwalterB").get(`${STAFF}/${lower}`)).statusCode).toBe(404);
    expect((await as("verwalterB").post(`${STAFF}/${lower}/accept`)).statusCode).toBe(404);
    expect((await as("verwalterA").get(`${STAFF}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await as("tenantA").get(`${STAFF}/${lower}`)).statusCode).toBe(401);
    expect((await as("verwalterA").get(TENANT)).statusCode).toBe(401);
    expect((await readingRow(lower)).review).toBeNull();
  });
});

describe("POST /staff/meter-readings/{id}/accept", () => {
  it("records the review, closes the inbox item and audits; accepting again changes nothing", async () => {
    await freshTenant("Carla");
    const { lower } = await lowerReading("Carla");
    const res = await as("verwalterA").post(`${STAFF}/${lower}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toBe("accepted");
    const stored = await readingRow(lower);
    expect(stored).toMatchObject({ review: "accepted", reviewed_by: people.verwalterA!.id });
    expect(await findInboxItem(ctx.db, "meter_reading", lower)).toBeUndefined();
    const audit = await auditOf(ctx.db, lower);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "meter_reading.accepted",
        staff_id: people.verwalterA!.id,
        before: { review: null, reviewed_at: null, reviewed_by: null },
        after: expect.objectContaining({ review: "accepted", reviewed_by: people.verwalterA!.id }),
      }),
    ]);
    expect((await as("verwalterA").post(`${STAFF}/${lower}/accept`)).statusCode).toBe(200);
    expect(await auditOf(ctx.db, lower)).toHaveLength(1);
  });
});

describe("POST /staff/meter-readings/{id}/request-renewal", () => {
  it("asks the tenant in a new conversation, mailed to them; the tenant reads it in the app", async () => {
    const tenant = await freshTenant("Doris");
    const { lower } = await lowerReading("Doris");
    const message = "der Wasserzähler zeigt weniger als beim letzten Mal. Bitte lesen Sie ihn noch einmal ab.";
    const res = await as("admin").post(`${STAFF}/${lower}/request-renewal`, { message });
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toBe("renewal_requested");
    expect(await findInboxItem(ctx.db, "meter_reading", lower)).toBeUndefined();
    expect((await auditOf(ctx.db, lower)).map((a) => [a.action, a.after.review, a.after.message])).toEqual([
      ["meter_reading.renewal_requested", "renewal_requested", message],
    ]);

    const threads = (await as("Doris").get("/api/v1/tenant/messages?filter=all")).json() as {
      id: string;
      subject: string;
      content: string;
      sender_name: string;
    }[];
    const asked = threads.find((t) => t.subject.startsWith("Bitte lesen Sie Ihren Zähler erneut ab"));
    expect(asked).toBeDefined();
    expect(JSON.stringify(asked)).toContain(message);
    const adminName = (
      await ctx.db.selectFrom("staff_users").select("name").where("id", "=", people.admin!.id).executeTakeFirstOrThrow()
    ).name;
    expect(JSON.stringify(asked)).toContain(`${adminName}, ${COMPANY}`);

    const mails = (await outboxTo(ctx.db, tenant.id)).filter((m) => m.kind === "message_reply");
    expect(mails).toHaveLength(1);
    await ctx.app.notifications.runOnce();
    expect(
      sent.some((m) => m.to === tenant.email && m.subject.includes("Bitte lesen Sie Ihren Zähler erneut ab")),
    ).toBe(true);

    // Asking twice is refused: one message is enough.
    const again = await as("admin").post(`${STAFF}/${lower}/request-renewal`, { message });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Um einen neuen Zählerstand wurde bereits gebeten.");
  });

  it("needs a message (400 German, nothing written)", async () => {
    await freshTenant("Emil");
    const { lower } = await lowerReading("Emil");
    const counts = await writeCounts(ctx.db);
    for (const body of [{}, { message: "" }, { message: "  " }]) {
      const res = await as("verwalterA").post(`${STAFF}/${lower}/request-renewal`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.message).toBe("Die Nachricht ist erforderlich.");
    }
    const tooLong = await as("verwalterA").post(`${STAFF}/${lower}/request-renewal`, { message: "x".repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.message).toBe("Die Nachricht darf höchstens 5000 Zeichen lang sein.");
    expect(await writeCounts(ctx.db)).toEqual(counts);
    expect((await readingRow(lower)).review).toBeNull();
    expect(await findInboxItem(ctx.db, "meter_reading", lower)).toBeDefined();
  });
});
