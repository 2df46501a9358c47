import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMeterReading } from "../src/domain/meter-readings/meter-readings.js";
import { addMonths, berlinToday } from "../src/lib/time.js";
import { fixture, storedFiles } from "./factories/documents.js";
import { dataUrl, photo } from "./factories/repairs.js";
import { api, createTenant, createTestContext, login, type TenantFixture, type TestContext } from "./helpers.js";

const BASE = "/api/v1/tenant/meter-readings";

let ctx: TestContext;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenantA = await createTenant(ctx.db, { firstName: "Anna", lastName: "Alt" });
  tenantB = await createTenant(ctx.db, { firstName: "Bernd", lastName: "Berg" });
  tokenA = await login(ctx.app, tenantA);
  tokenB = await login(ctx.app, tenantB);
});
afterAll(() => ctx.close());

const readingsOf = (tenantId: string) =>
  ctx.db.selectFrom("meter_readings").selectAll().where("tenant_id", "=", tenantId).execute();
const photosOf = (tenantId: string) =>
  ctx.db.selectFrom("photos").selectAll().where("tenant_id", "=", tenantId).execute();

/** A calendar date `days` away from Berlin's today. */
function dayFromToday(days: number): string {
  const d = new Date(`${berlinToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A reading date inside the window (12 months back up to today, decision 008). */
const RECENT = dayFromToday(-3);
/** The oldest reading date still accepted, and the day before it. */
const OLDEST = addMonths(berlinToday(), -12);
const TOO_OLD = (() => {
  const d = new Date(`${OLDEST}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
})();

describe("POST meter-readings", () => {
  it("stores the values exactly, with one photo per meter, and answers 201", async () => {
    const res = await api(ctx.app, tokenA).post(BASE, {
      waterReading: 123.456,
      electricityReading: 4711.5,
      heatingReading: 0,
      readingDate: berlinToday(),
      user_id: 42,
      photos: {
        waterMeterPhoto: photo("sample.jpg", { filename: "wasser.jpg" }),
        electricityMeterPhoto: null,
        heatingMeterPhoto: photo("sample.webp", { mime: "image/webp", filename: null }),
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      reading_date: berlinToday(),
      water_reading: 123.456,
      electricity_reading: 4711.5,
      heating_reading: 0,
    });
    expect(body.photos).toEqual([
      {
        id: expect.any(String),
        meter: "water",
        filename: "wasser.jpg",
        file_type: "image/jpeg",
        file_size: fixture("sample.jpg").length,
        url: `/api/v1/tenant/photos/${body.photos[0].id}`,
      },
      {
        id: expect.any(String),
        meter: "heating",
        filename: "Heizungszaehler.webp",
        file_type: "image/webp",
        file_size: fixture("sample.webp").length,
        url: `/api/v1/tenant/photos/${body.photos[1].id}`,
      },
    ]);

    const [row] = (await readingsOf(tenantA.id)).filter((r) => r.id === body.id);
    expect(row).toBeDefined();
    expect(Number(row!.water_milli)).toBe(123_456);
    expect(Number(row!.electricity_milli)).toBe(4_711_500);
    expect(Number(row!.heating_milli)).toBe(0);
    const photoRows = (await photosOf(tenantA.id)).filter((p) => p.owner_id === body.id);
    expect(photoRows.map((p) => [p.owner_type, p.meter])).toEqual(
      expect.arrayContaining([
        ["meter_reading", "water"],
        ["meter_reading", "heating"],
      ]),
    );
    for (const p of photoRows) expect(await storedFiles(ctx.dataDir)).toContain(p.storage_key);

    const image = await api(ctx.app, tokenA).get(body.photos[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(fixture("sample.jpg"))).toBe(true);
  });

  it("accepts a single value and leaves the others empty; the tenant comes from the token, not user_id", async () => {
    const res = await api(ctx.app, tokenB).post(BASE, {
      electricityReading: 100,
      readingDate: OLDEST,
      user_id: tenantA.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      water_reading: null,
      electricity_reading: 100,
      heating_reading: null,
      photos: [],
    });
    expect((await readingsOf(tenantB.id)).map((r) => r.id)).toContain(res.json().id);
    expect((await readingsOf(tenantA.id)).map((r) => r.id)).not.toContain(res.json().id);
  });

  it.each([
    ["no value at all", { readingDate: RECENT }, "waterReading"],
    ["only nulls", { waterReading: null, electricityReading: null, readingDate: RECENT }, "waterReading"],
    ["a negative value", { waterReading: -1, readingDate: RECENT }, "waterReading"],
    ["a negative heating value", { heatingReading: -0.001, readingDate: RECENT }, "heatingReading"],
    ["a value as text", { electricityReading: "viel", readingDate: RECENT }, "electricityReading"],
    ["an implausible value", { electricityReading: 1e12, readingDate: RECENT }, "electricityReading"],
    ["no date", { waterReading: 1 }, "readingDate"],
    ["an impossible date", { waterReading: 1, readingDate: "2025-02-30" }, "readingDate"],
    ["a German date", { waterReading: 1, readingDate: "02.01.2025" }, "readingDate"],
    ["a date before 2000", { waterReading: 1, readingDate: "1999-12-31" }, "readingDate"],
    ["12 months and 1 day ago", { waterReading: 1, readingDate: TOO_OLD }, "readingDate"],
    ["tomorrow (Berlin)", { waterReading: 1, readingDate: dayFromToday(1) }, "readingDate"],
    [
      "a photo that is not an object",
      { waterReading: 1, readingDate: RECENT, photos: { waterMeterPhoto: "x" } },
      "photos.waterMeterPhoto",
    ],
  ])("answers 400 with a German message for %s and writes nothing", async (_label, payload, field) => {
    const before = (await readingsOf(tenantA.id)).length;
    const res = await api(ctx.app, tokenA).post(BASE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(res.json().message).toMatch(/[a-zäöüß]/);
    expect(await readingsOf(tenantA.id)).toHaveLength(before);
  });

  it("gives German texts for a negative value and a future date", async () => {
    const negative = await api(ctx.app, tokenA).post(BASE, { waterReading: -5, readingDate: RECENT });
    expect(negative.json().fields.waterReading).toBe("Wasserzählerstand darf nicht negativ sein.");
    const future = await api(ctx.app, tokenA).post(BASE, { waterReading: 5, readingDate: dayFromToday(30) });
    expect(future.json().fields.readingDate).toBe("Das Ablesedatum darf nicht in der Zukunft liegen.");
    const farFuture = await api(ctx.app, tokenA).post(BASE, { waterReading: 5, readingDate: "2999-01-01" });
    expect(farFuture.json().fields.readingDate).toBe("Das Ablesedatum darf nicht in der Zukunft liegen.");
    for (const readingDate of [TOO_OLD, "2000-01-01"]) {
      const old = await api(ctx.app, tokenA).post(BASE, { waterReading: 5, readingDate });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({
        error: "validation_failed",
        message: "Das Ablesedatum darf höchstens 12 Monate zurückliegen.",
        fields: { readingDate: "Das Ablesedatum darf höchstens 12 Monate zurückliegen." },
      });
    }
  });

  it("refuses a photo whose bytes are not an image before writing anything", async () => {
    const readingsBefore = (await readingsOf(tenantA.id)).length;
    const filesBefore = await storedFiles(ctx.dataDir);
    const res = await api(ctx.app, tokenA).post(BASE, {
      waterReading: 5,
      readingDate: RECENT,
      photos: {
        waterMeterPhoto: photo("sample.jpg"),
        heatingMeterPhoto: { dataUrl: dataUrl(fixture("disguised-html.pdf"), "image/png"), filename: "h.png" },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("file_type_not_allowed");
    expect(res.json().fields).toEqual({
      "photos.heatingMeterPhoto": "Das Foto muss ein JPEG-, PNG- oder WebP-Bild sein.",
    });
    expect(await readingsOf(tenantA.id)).toHaveLength(readingsBefore);
    expect(await storedFiles(ctx.dataDir)).toEqual(filesBefore);
  });

  it("refuses a photo that is not a data URL, and malformed JSON", async () => {
    const notDataUrl = await api(ctx.app, tokenA).post(BASE, {
      waterReading: 5,
      readingDate: RECENT,
      photos: { waterMeterPhoto: { dataUrl: "https://example.com/zaehler.jpg" } },
    });
    expect(notDataUrl.statusCode).toBe(400);
    const broken = await api(ctx.app, tokenA).inject({
      method: "POST",
      url: BASE,
      payload: "{waterReading: 1",
      headers: { "content-type": "application/json" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe("invalid_json");
  });

  it("answers 401 without or with a bad token", async () => {
    expect((await api(ctx.app).post(BASE, { waterReading: 1, readingDate: RECENT })).statusCode).toBe(401);
    expect((await api(ctx.app, "x.y.z").post(BASE, { waterReading: 1, readingDate: RECENT })).statusCode).toBe(401);
  });

  it("removes stored photo files when the database write fails", async () => {
    const before = await storedFiles(ctx.dataDir);
    const jpeg = fixture("sample.jpg");
    await expect(
      createMeterReading(ctx.db, ctx.app.files, "00000000-0000-4000-8000-00000000dead", {
        readingDate: "2025-01-02",
        water: 1,
        photos: [{ meter: "water", file: { bytes: jpeg, mime: "image/jpeg", size: jpeg.length, filename: "w.jpg" } }],
      }),
    ).rejects.toThrow();
    expect(await storedFiles(ctx.dataDir)).toEqual(before);
  });
});

describe("POST meter-readings: a value lower than the last one (issue 12)", () => {
  let tenant: TenantFixture;
  let token: string;

  beforeAll(async () => {
    tenant = await createTenant(ctx.db);
    token = await login(ctx.app, tenant);
    const first = await api(ctx.app, token).post(BASE, {
      waterReading: 433,
      electricityReading: 5000,
      readingDate: dayFromToday(-30),
    });
    expect(first.statusCode).toBe(201);
  });

  it("is refused in German without the tenant's confirmation, naming the meter; nothing is stored", async () => {
    const res = await api(ctx.app, token).post(BASE, {
      waterReading: 100,
      electricityReading: 5100,
      readingDate: RECENT,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "reading_lower_unconfirmed",
      message:
        "Der Zählerstand Wasser ist niedriger als Ihr letzter Stand. Bitte prüfen Sie den Wert und bestätigen Sie ihn ausdrücklich, wenn er stimmt (z. B. nach einem Zählertausch).",
      fields: { waterReading: "Niedriger als Ihr letzter Stand: bitte prüfen und ausdrücklich bestätigen." },
    });
    expect(await readingsOf(tenant.id)).toHaveLength(1);
    const falseIsNoConfirmation = await api(ctx.app, token).post(BASE, {
      waterReading: 100,
      readingDate: RECENT,
      confirmLower: false,
    });
    expect(falseIsNoConfirmation.statusCode).toBe(400);
  });

  it("goes through with confirmLower: true and is flagged for the management", async () => {
    const res = await api(ctx.app, token).post(BASE, {
      waterReading: 100,
      electricityReading: 4900,
      readingDate: RECENT,
      confirmLower: true,
    });
    expect(res.statusCode).toBe(201);
    const stored = await readingsOf(tenant.id);
    expect(stored).toHaveLength(2);
    expect(stored.find((r) => r.id === res.json().id)?.lower_flags).toBe("water,electricity");
  });

  it("compares with the last reading on or before the date: an older date or a higher value needs nothing", async () => {
    // Before the first reading (433) nothing is lower than an earlier value.
    const older = await api(ctx.app, token).post(BASE, { waterReading: 50, readingDate: dayFromToday(-60) });
    expect(older.statusCode).toBe(201);
    // The last water reading is now the confirmed 100: 150 is higher.
    const higher = await api(ctx.app, token).post(BASE, { waterReading: 150, readingDate: dayFromToday(-1) });
    expect(higher.statusCode).toBe(201);
  });

  it("never compares with another tenant's readings", async () => {
    const other = await createTenant(ctx.db);
    const res = await api(ctx.app, await login(ctx.app, other)).post(BASE, { waterReading: 1, readingDate: RECENT });
    expect(res.statusCode).toBe(201);
  });
});

describe("GET meter-readings", () => {
  it("lists the tenant's readings, newest reading date first, then newest submission", async () => {
    const tenant = await createTenant(ctx.db);
    const token = await login(ctx.app, tenant);
    const post = (readingDate: string, water: number) =>
      api(ctx.app, token).post(BASE, { waterReading: water, readingDate });
    const older = await post(dayFromToday(-8), 10);
    const newestDateFirst = await post(RECENT, 11);
    const sameDayLater = await post(RECENT, 12);
    await ctx.db
      .updateTable("meter_readings")
      .set({ submitted_at: "2025-01-02T08:00:00.000Z" })
      .where("id", "=", newestDateFirst.json().id)
      .execute();
    await ctx.db
      .updateTable("meter_readings")
      .set({ submitted_at: "2025-01-02T09:00:00.000Z" })
      .where("id", "=", sameDayLater.json().id)
      .execute();
    await api(ctx.app, tokenB).post(BASE, { waterReading: 99, readingDate: dayFromToday(-2) });

    const res = await api(ctx.app, token).get(BASE);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { water_reading: number }) => r.water_reading)).toEqual([12, 11, 10]);
    expect(res.json()[2]).toEqual(older.json());
  });

  it("includes photo metadata with the meter kind", async () => {
    const tenant = await createTenant(ctx.db);
    const token = await login(ctx.app, tenant);
    await api(ctx.app, token).post(BASE, {
      electricityReading: 5,
      readingDate: dayFromToday(-4),
      photos: { electricityMeterPhoto: photo("sample.png", { mime: "image/png", filename: "strom.png" }) },
    });
    const [reading] = (await api(ctx.app, token).get(BASE)).json();
    expect(reading.photos).toHaveLength(1);
    expect(reading.photos[0]).toMatchObject({ meter: "electricity", filename: "strom.png", file_type: "image/png" });
  });

  it("answers an empty list for a new tenant and 401 without token", async () => {
    const tenant = await createTenant(ctx.db);
    expect((await api(ctx.app, await login(ctx.app, tenant)).get(BASE)).json()).toEqual([]);
    expect((await api(ctx.app).get(BASE)).statusCode).toBe(401);
  });
});
