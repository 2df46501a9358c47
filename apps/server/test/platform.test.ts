import { createHash } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_BRAND } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

let ctx: TestContext;
let webDir: string;
/** An inline script as the web build writes the start hint into index.html (apps/web/vite.config.ts). */
const START_HINT = 'requestAnimationFrame(()=>setTimeout(()=>import("/assets/x.js"),0));';
/** Its hash as CSP level 2 defines it: SHA-256 of the script's text, base64. */
const START_HINT_SOURCE = `'sha256-${createHash("sha256").update(START_HINT).digest("base64")}'`;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), "mp-web-"));
  await mkdir(path.join(webDir, "assets"));
  await writeFile(
    path.join(webDir, "index.html"),
    `<!doctype html><title>__MP_COMPANY_NAME__</title><script type="module" async>${START_HINT}</script>` +
      `<script type="module" src="/assets/app-abc123.js"></script><div id=intro>__MP_LOGO_TEXT__</div>`,
  );
  await writeFile(path.join(webDir, "assets", "app-abc123.js"), "console.log('app')");
  await writeFile(path.join(webDir, "sw.js"), "self.addEventListener('fetch', () => {})");
  ctx = await createTestContext({ WEB_DIST: webDir, BRAND_COMPANY_NAME: "Müller & <Söhne>" });
});
afterAll(() => ctx.close());

describe("health, config, openapi", () => {
  it("health answers 200 without API key when the database answers", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("config serves the public brand and the version, without API key", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json().brand.companyName).toBe("Müller & <Söhne>");
    expect(res.json().brand.logoText).toHaveLength(2);
    expect(res.json().version).toBe("1.0.0");
  });

  it("openapi.json documents every tenant route", async () => {
    const doc = (await ctx.app.inject({ url: "/api/v1/openapi.json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      "/api/v1/auth/login",
      "/api/v1/auth/user",
      "/api/v1/tenant/payments/current",
      "/api/v1/tenant/messages",
      "/api/v1/tenant/documents",
      "/api/v1/tenant/repairs",
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});

describe("web app serving", () => {
  it("serves index.html with the brand escaped, and falls back to it for client routes", async () => {
    const root = await ctx.app.inject({ url: "/" });
    expect(root.statusCode).toBe(200);
    expect(root.headers["content-type"]).toMatch(/text\/html/);
    expect(root.body).toContain("<title>Müller &amp; &lt;Söhne&gt;</title>");
    expect(root.headers["cache-control"]).toBe("no-cache");
    const deep = await ctx.app.inject({ url: "/messages/123" });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(root.body);
  });

  it("caches hashed assets for a year, revalidates the service worker, 404s missing files", async () => {
    const asset = await ctx.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sw = await ctx.app.inject({ url: "/sw.js" });
    expect(sw.headers["cache-control"]).toBe("no-cache");
    expect((await ctx.app.inject({ url: "/assets/missing.js" })).statusCode).toBe(404);
  });

  it("answers unknown API paths with the German JSON 404, not the page", async () => {
    const res = await api(ctx.app).get("/api/v1/tenant/gibt-es-nicht");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "route_not_found", message: "Diese Adresse gibt es nicht." });
  });
});

describe("security headers and limits", () => {
  it("sends a CSP without unsafe-inline scripts, nosniff and frame protection", async () => {
    const res = await ctx.app.inject({ url: "/" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("allows the page's inline start script by its hash, on every path that serves the page, and only there", async () => {
    const scriptSrc = (header: unknown) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(header))?.[1];
    for (const url of ["/", "/index.html", "/messages/123"]) {
      const page = await ctx.app.inject({ url });
      expect(page.body, url).toContain(START_HINT);
      expect(scriptSrc(page.headers["content-security-policy"]), url).toBe(`'self' ${START_HINT_SOURCE}`);
    }
    // No page, no inline script: the API, the service worker and the assets keep script-src 'self'.
    for (const url of ["/api/v1/health", "/sw.js", "/assets/app-abc123.js"]) {
      expect(scriptSrc((await ctx.app.inject({ url })).headers["content-security-policy"]), url).toBe("'self'");
    }
  });

  it("sends the same security headers on pages, API answers and errors", async () => {
    const csp = {
      "default-src": "'self'",
      "script-src": "'self'",
      "script-src-attr": "'none'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "connect-src": "'self'",
      "worker-src": "'self' blob:",
      "manifest-src": "'self'",
      "font-src": "'self' data:",
      "frame-src": "'self' blob:",
      "object-src": "'none'",
      "frame-ancestors": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
    };
    const directives = (header: unknown) =>
      Object.fromEntries(
        String(header)
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values.join(" ")]),
      );
    const expected = {
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "DENY",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    };
    const answers = [
      await ctx.app.inject({ url: "/" }),
      await api(ctx.app).get("/api/v1/health"),
      await api(ctx.app).get("/api/v1/tenant/payments/current"), // 401
      await api(ctx.app).get("/api/v1/tenant/gibt-es-nicht"), // 404
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      // The page allows its own inline start script besides (the test above).
      const own = res === answers[0] ? { "script-src": `'self' ${START_HINT_SOURCE}` } : {};
      expect(directives(res.headers["content-security-policy"])).toEqual({ ...csp, ...own });
      expect(res.headers).toMatchObject(expected);
      // Served over plain HTTP behind the operator's proxy: no HSTS, no COEP (would block blob: previews).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
      expect(res.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("answers 413 in German for an oversized JSON body", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    const res = await api(ctx.app, token).post(
      "/api/v1/tenant/repairs",
      `{"description":"${"x".repeat(40 * 1024 * 1024)}"}`,
      {
        "content-type": "application/json",
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "payload_too_large", message: "Die Anfrage ist zu groß." });
  });

  it("answers 415 for a body type it does not take", async () => {
    const res = await api(ctx.app).post("/api/v1/auth/login", "<email/>", { "content-type": "application/xml" });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe("unsupported_media_type");
  });
});

describe("configuration", () => {
  it("stops with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: webDir })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: webDir })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: webDir })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: "kurz", DATA_DIR: webDir })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ SEED_DEMO: "vielleicht", DATA_DIR: webDir })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ BRAND_LOGO_TEXT: "ABC", DATA_DIR: webDir })).toThrow(/BRAND_LOGO_TEXT/);
  });

  it("keeps a generated JWT secret in DATA_DIR across restarts", () => {
    const a = loadConfig({ DATA_DIR: webDir });
    const b = loadConfig({ DATA_DIR: webDir });
    expect(Buffer.from(a.jwtSecret).toString()).toBe(Buffer.from(b.jwtSecret).toString());
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("serves the one default brand of contracts, the one the web app shows before /config answered", () => {
    const config = loadConfig({ DATA_DIR: webDir });
    expect(config.brand).toEqual(DEFAULT_BRAND);
    // A copy: BRAND_* variables never change the shared default.
    const other = loadConfig({ DATA_DIR: webDir, BRAND_EMERGENCY_HOTLINE: "+49 1 2" });
    expect(other.brand.emergencyHotline).toBe("+49 1 2");
    expect(DEFAULT_BRAND.emergencyHotline).toBe("+49 800 1234567");
  });

  it("selects PostgreSQL by URL and reads API keys as a list", () => {
    const c = loadConfig({ DATA_DIR: webDir, DATABASE_URL: "postgres://u@h/db", API_KEYS: "a, b" });
    expect(c.database).toEqual({ kind: "postgres", url: "postgres://u@h/db" });
    expect(c.apiKeys).toEqual(["a", "b"]);
  });
});
