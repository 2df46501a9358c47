import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTestContext, type TestContext } from "./helpers.js";

/** The staff console (issue 11) is served under /verwaltung/ next to the tenant app. */
let ctx: TestContext;
let withoutConsole: TestContext;

const WEB_INDEX = "<!doctype html><title>Mieter-Portal</title>";
const CONSOLE_INDEX = "<!doctype html><title>Die Verwaltung</title>";

beforeAll(async () => {
  const webDir = await mkdtemp(path.join(tmpdir(), "mp-web-"));
  await mkdir(path.join(webDir, "assets"));
  await writeFile(path.join(webDir, "index.html"), WEB_INDEX);
  await writeFile(path.join(webDir, "assets", "app-abc123.js"), "console.log('app')");
  const consoleDir = await mkdtemp(path.join(tmpdir(), "mp-console-"));
  await mkdir(path.join(consoleDir, "assets"));
  await writeFile(path.join(consoleDir, "index.html"), CONSOLE_INDEX);
  await writeFile(path.join(consoleDir, "assets", "index-def456.js"), "console.log('console')");
  await writeFile(path.join(consoleDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  ctx = await createTestContext({ WEB_DIST: webDir, CONSOLE_DIST: consoleDir });
  withoutConsole = await createTestContext({ WEB_DIST: webDir, CONSOLE_DIST: path.join(consoleDir, "fehlt") });
});
afterAll(async () => {
  await ctx.close();
  await withoutConsole.close();
});

describe("staff console serving", () => {
  it("serves the console's index at /verwaltung/ and /verwaltung, revalidated", async () => {
    const index = await ctx.app.inject({ url: "/verwaltung/" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toMatch(/text\/html/);
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.body).toBe(CONSOLE_INDEX);
    const bare = await ctx.app.inject({ url: "/verwaltung" });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toBe(CONSOLE_INDEX);
  });

  it("falls back to the console's index for its client routes, with the security headers", async () => {
    for (const url of [
      "/verwaltung/anmelden",
      "/verwaltung/mieter/5b7c1f0e-0000-4000-8000-000000000000",
      "/verwaltung/einladung",
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(CONSOLE_INDEX);
      expect(res.headers["content-security-policy"], url).toContain("script-src 'self'");
    }
  });

  it("caches hashed console assets for a year, other files revalidated; missing files 404", async () => {
    const asset = await ctx.app.inject({ url: "/verwaltung/assets/index-def456.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await ctx.app.inject({ url: "/verwaltung/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    expect((await ctx.app.inject({ url: "/verwaltung/assets/fehlt.js" })).statusCode).toBe(404);
  });

  it("leaves the tenant app and the API as they were", async () => {
    expect((await ctx.app.inject({ url: "/" })).body).toBe(WEB_INDEX);
    expect((await ctx.app.inject({ url: "/messages/123" })).body).toBe(WEB_INDEX);
    const asset = await ctx.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await api(ctx.app).get("/api/v1/health")).statusCode).toBe(200);
    const unknown = await api(ctx.app).get("/api/v1/verwaltung/gibt-es-nicht");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: "route_not_found" });
  });

  it("without a built console, /verwaltung/ paths get the tenant app's fallback as before", async () => {
    const res = await withoutConsole.app.inject({ url: "/verwaltung/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(WEB_INDEX);
  });
});
