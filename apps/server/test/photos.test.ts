import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { berlinToday } from "../src/lib/time.js";
import { fixture } from "./factories/documents.js";
import { photo, repairPayload } from "./factories/repairs.js";
import {
  api,
  createTenant,
  createTestContext,
  login,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

let ctx: TestContext;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenantA = await createTenant(ctx.db);
  tenantB = await createTenant(ctx.db);
  tokenA = await login(ctx.app, tenantA);
  tokenB = await login(ctx.app, tenantB);
});
afterAll(() => ctx.close());

async function repairWithPhotos(token: string, photos: ReturnType<typeof photo>[]) {
  const res = await api(ctx.app, token).post("/api/v1/tenant/repairs", repairPayload({ photos }));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; photos: { id: string; url: string; filename: string }[] };
}

describe("GET photos/{id}", () => {
  it("answers the owner the identical image bytes, never cached by HTTP caches", async () => {
    const repair = await repairWithPhotos(tokenA, [
      photo("sample.jpg", { filename: "Küche – Wasserfleck.jpg" }),
      photo("sample.png", { mime: "image/png", filename: "riss.png" }),
      photo("sample.webp", { mime: "image/webp", filename: "ecke.webp" }),
    ]);
    const expected = [
      ["sample.jpg", "image/jpeg"],
      ["sample.png", "image/png"],
      ["sample.webp", "image/webp"],
    ];
    for (const [i, [name, mime]] of expected.entries()) {
      const res = await api(ctx.app, tokenA).get(repair.photos[i]!.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(fixture(name!))).toBe(true);
      expect(res.headers["content-type"]).toBe(mime);
      expect(res.headers["content-length"]).toBe(String(fixture(name!).length));
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      // Authenticated answers never rest in an HTTP cache; the app keeps photos in its own cache.
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const first = await api(ctx.app, tokenA).get(repair.photos[0]!.url);
    expect(first.headers["content-disposition"]).toBe(
      `inline; filename="Kueche _ Wasserfleck.jpg"; filename*=UTF-8''K%C3%BCche%20%E2%80%93%20Wasserfleck.jpg`,
    );
  });

  it("uses the type found in the bytes, not the declared one, and fixes the name's extension", async () => {
    const repair = await repairWithPhotos(tokenA, [photo("sample.png", { mime: "image/jpeg", filename: "foto.jpg" })]);
    const res = await api(ctx.app, tokenA).get(repair.photos[0]!.url);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toContain('filename="foto.jpg.png"');
  });

  it("serves meter photos too", async () => {
    const reading = await api(ctx.app, tokenA).post("/api/v1/tenant/meter-readings", {
      waterReading: 1,
      readingDate: berlinToday(),
      photos: { waterMeterPhoto: photo("sample.jpg") },
    });
    const res = await api(ctx.app, tokenA).get(reading.json().photos[0].url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(fixture("sample.jpg"))).toBe(true);
  });

  it("answers 404 to another tenant, without any image bytes, and the owner still gets it", async () => {
    const repair = await repairWithPhotos(tokenA, [photo("sample.png", { mime: "image/png" })]);
    const foreign = await api(ctx.app, tokenB).get(repair.photos[0]!.url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "not_found", message: "Nicht gefunden." });
    const own = await api(ctx.app, tokenA).get(repair.photos[0]!.url);
    expect(own.rawPayload.equals(fixture("sample.png"))).toBe(true);
  });

  it("answers 404 for an unknown id, 400 for a malformed id and 401 without or with a bad token", async () => {
    expect((await api(ctx.app, tokenA).get(`/api/v1/tenant/photos/${UNKNOWN_ID}`)).statusCode).toBe(404);
    const bad = await api(ctx.app, tokenA).get("/api/v1/tenant/photos/..%2F..%2Fetc%2Fpasswd");
    expect(bad.statusCode).toBe(400);
    const repair = await repairWithPhotos(tokenA, [photo()]);
    expect((await api(ctx.app).get(repair.photos[0]!.url)).statusCode).toBe(401);
    expect((await api(ctx.app, "x.y.z").get(repair.photos[0]!.url)).statusCode).toBe(401);
  });
});
