import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTestContext, type TestContext } from "./helpers.js";

/** The crew's app "Einsätze" (issue 27 §2, decision 052) is served under /einsatz/ next to the tenant app and the console. */
let ctx: TestContext;
let withoutCrew: TestContext;

const WEB_INDEX = "<!doctype html><title>Mieter-Portal</title>";
const CONSOLE_INDEX = "<!doctype html><title>Die Verwaltung</title>";
const CREW_INDEX = "<!doctype html><title>Einsätze</title>";

beforeAll(async () => {
  const webDir = await mkdtemp(path.join(tmpdir(), "mp-web-"));
  await writeFile(path.join(webDir, "index.html"), WEB_INDEX);
  const consoleDir = await mkdtemp(path.join(tmpdir(), "mp-console-"));
  await writeFile(path.join(consoleDir, "index.html"), CONSOLE_INDEX);
  const crewDir = await mkdtemp(path.join(tmpdir(), "mp-crew-"));
  await mkdir(path.join(crewDir, "assets"));
  await writeFile(path.join(crewDir, "index.html"), CREW_INDEX);
  await writeFile(path.join(crewDir, "assets", "index-abc123.js"), "console.log('crew')");
  await writeFile(path.join(crewDir, "sw.js"), "self.addEventListener('fetch', () => {})");
  await writeFile(path.join(crewDir, "manifest.webmanifest"), JSON.stringify({ name: "Einsätze" }));
  ctx = await createTestContext({ WEB_DIST: webDir, CONSOLE_DIST: consoleDir, CREW_DIST: crewDir });
  withoutCrew = await createTestContext({ WEB_DIST: webDir, CREW_DIST: path.join(crewDir, "fehlt") });
});
afterAll(async () => {
  await ctx.close();
  await withoutCrew.close();
});

describe("crew app serving", () => {
  it("serves the crew app's index at /einsatz/ and /einsatz, revalidated", async () => {
    for (const url of ["/einsatz/", "/einsatz"]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(CREW_INDEX);
    }
  });

  it("falls back to its index for its client routes, with the security headers", async () => {
    for (const url of [
      "/einsatz/woche",
      "/einsatz/besuch/5b7c1f0e-0000-4000-8000-000000000000",
      "/einsatz/anmelden?x=1",
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(CREW_INDEX);
      expect(res.headers["content-security-policy"], url).toContain("script-src 'self'");
    }
  });

  it("caches hashed assets for a year; the service worker and the manifest are revalidated; missing files 404", async () => {
    const asset = await ctx.app.inject({ url: "/einsatz/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const worker = await ctx.app.inject({ url: "/einsatz/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(worker.headers["content-type"]).toMatch(/javascript/);
    const manifest = await ctx.app.inject({ url: "/einsatz/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(manifest.json()).toEqual({ name: "Einsätze" });
    expect((await ctx.app.inject({ url: "/einsatz/assets/fehlt.js" })).statusCode).toBe(404);
  });

  it("a POST to an /einsatz path is no page: the JSON 404", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/einsatz/woche" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "route_not_found" });
  });

  it("leaves the tenant app, the console and the API as they were", async () => {
    expect((await ctx.app.inject({ url: "/" })).body).toBe(WEB_INDEX);
    expect((await ctx.app.inject({ url: "/einsatzplan" })).body).toBe(WEB_INDEX);
    expect((await ctx.app.inject({ url: "/verwaltung/" })).body).toBe(CONSOLE_INDEX);
    expect((await api(ctx.app).get("/api/v1/health")).statusCode).toBe(200);
    const unknown = await api(ctx.app).get("/api/v1/einsatz");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: "route_not_found" });
  });

  it("without a built crew app, /einsatz/ paths get the tenant app's fallback as before", async () => {
    const res = await withoutCrew.app.inject({ url: "/einsatz/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(WEB_INDEX);
  });
});
