import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

const PRECOMPRESS = fileURLToPath(new URL("../../../scripts/precompress.mjs", import.meta.url));
let ctx: TestContext;
let webDir: string;
const bigScript = `console.log(${JSON.stringify("Mieter-Portal ".repeat(2000))});\n`;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), "mp-web-br-"));
  await mkdir(path.join(webDir, "assets"));
  await writeFile(
    path.join(webDir, "index.html"),
    `<!doctype html><title>__MP_COMPANY_NAME__</title>${"<p>x</p>".repeat(300)}`,
  );
  await writeFile(path.join(webDir, "assets", "app-abc123.js"), bigScript);
  await writeFile(path.join(webDir, "assets", "tiny-abc123.js"), "1");
  // The build step that writes .br and .gz beside each asset.
  await promisify(execFile)(process.execPath, [PRECOMPRESS, webDir]);
  ctx = await createTestContext({ WEB_DIST: webDir });
});
afterAll(() => ctx.close());

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("HTTP compression", () => {
  it("serves the build's precompressed brotli or gzip copy by content negotiation", async () => {
    expect((await readFile(path.join(webDir, "assets", "app-abc123.js.br"))).length).toBeLessThan(
      bigScript.length / 10,
    );
    const br = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await get("/assets/app-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    // Below 1 KB the build writes no copies (the file is served as it is, or compressed on the fly).
    await expect(readFile(path.join(webDir, "assets", "tiny-abc123.js.br"))).rejects.toThrow();
    const tiny = await get("/assets/tiny-abc123.js", "br");
    const tinyBody =
      tiny.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(tiny.rawPayload) : tiny.rawPayload;
    expect(tinyBody.toString()).toBe("1");
  });

  it("compresses the rendered index.html and API answers above 1 KB on the fly", async () => {
    const page = await get("/", "br");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain("<title>Grünfeld Hausverwaltung</title>");
    const openapi = await get("/api/v1/openapi.json", "gzip");
    expect(openapi.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(openapi.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await get("/api/v1/health", "br, gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("stores the uncompressed answer of a keyed change and replays it to any client", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    const headers = { "idempotency-key": `br-${t.id}`, "accept-encoding": "br" };
    const body = { subject: "Komprimiert", content: "x".repeat(3000) };
    const first = await api(ctx.app, token).post("/api/v1/tenant/messages", body, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers["content-encoding"]).toBe("br");
    const firstBody = JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString());
    const replay = await api(ctx.app, token).post("/api/v1/tenant/messages", body, { "idempotency-key": `br-${t.id}` });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(firstBody);
  });
});
