import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/app.js";
import type { Mail, Mailer } from "../src/lib/mailer.js";
import { WRITE_QUOTAS } from "../src/plugins/app/write-quotas.js";
import { API_KEY, api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

/** Everything the server logs, as text. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions("info") as object), stream } };
}

describe("secrets never reach a log", () => {
  it("logs one line per request, without query strings, tokens or passwords", async () => {
    const sink = logSink();
    const mails: Mail[] = [];
    const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
    const ctx = await createTestContext({}, { logger: sink.logger, mailer });
    try {
      const t = await createTenant(ctx.db);
      const firstToken = await login(ctx.app, t);
      expect(
        (await api(ctx.app).post("/api/v1/auth/login", { email: t.email, password: "falsch-geraten" })).statusCode,
      ).toBe(401);
      expect((await api(ctx.app).post("/api/v1/auth/password-reset", { email: t.email })).statusCode).toBe(202);
      await ctx.app.background.drain();
      const link = /https?:\/\/\S+/.exec(mails[0]!.text)![0];
      const resetToken = decodeURIComponent(new URLSearchParams(new URL(link).hash.slice(1)).get("token")!);
      // An old link with the token in the query string still reaches the server's log as a path only.
      await ctx.app.inject({ method: "GET", url: `/reset-password?token=${encodeURIComponent(resetToken)}` });
      const confirmed = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
        token: resetToken,
        newPassword: "nach-dem-reset-1",
      });
      expect(confirmed.statusCode).toBe(200);
      const secondToken = await login(ctx.app, { email: t.email, password: "nach-dem-reset-1" });
      const changed = await api(ctx.app, secondToken).post("/api/v1/auth/password", {
        currentPassword: "nach-dem-reset-1",
        newPassword: "zum-schluss-neu-2",
      });
      expect(changed.statusCode).toBe(200);
      await api(ctx.app, changed.json().token).get("/api/v1/auth/user");

      const logged = sink.lines.join("");
      for (const secret of [
        t.password,
        "falsch-geraten",
        "nach-dem-reset-1",
        "zum-schluss-neu-2",
        resetToken,
        encodeURIComponent(resetToken),
        firstToken,
        secondToken,
        changed.json().token,
      ]) {
        expect(logged).not.toContain(secret);
      }
      const requests = sink.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
      expect(requests.length).toBe(8);
      expect(sink.lines.some((l) => l.includes("incoming request"))).toBe(false);
      expect(requests.find((r) => r.path === "/reset-password")).toMatchObject({ method: "GET" });
    } finally {
      await ctx.close();
    }
  });
});

describe("size and shape of input", () => {
  let ctx: TestContext;
  let token: string;
  let tenantId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const t = await createTenant(ctx.db);
    tenantId = t.id;
    token = await login(ctx.app, t);
  });
  afterAll(() => ctx.close());

  it("refuses a large login body with 413 before anything else", async () => {
    const res = await api(ctx.app).post("/api/v1/auth/login", {
      email: "a@example.com",
      password: "x".repeat(100_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: "payload_too_large", message: "Die Anfrage ist zu groß." });
  });

  it("reads a photo-sized body only after authentication, and only on the photo routes", async () => {
    const big = { type: "plumbing", location: "kitchen", description: "x".repeat(2_000_000), photos: [] };
    expect((await api(ctx.app).post("/api/v1/tenant/repairs", big)).statusCode).toBe(401);
    // Accepted as a body (then refused by validation: the description is too long), not as too large.
    const validated = await api(ctx.app, token).post("/api/v1/tenant/repairs", big);
    expect(validated.statusCode).toBe(400);
    expect(validated.json().fields.description).toBeDefined();
    const text = await api(ctx.app, token).post("/api/v1/tenant/messages", {
      subject: "Groß",
      content: "x".repeat(200_000),
    });
    expect(text.statusCode).toBe(413);
  });

  it.each([
    ["NUL in the subject", { subject: "Hallo\u0000", content: "Text" }, "subject"],
    ["a bell in the text", { subject: "Hallo", content: "Klingel \u0007" }, "content"],
    ["an escape sequence", { subject: "\u001b[31mrot", content: "Text" }, "subject"],
    ["DEL", { subject: "Hallo", content: "weg\u007f" }, "content"],
  ])("refuses %s with 400 and writes nothing", async (_name, body, field) => {
    const res = await api(ctx.app, token).post("/api/v1/tenant/messages", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "control_characters",
      message: "Die Eingabe enthält unzulässige Steuerzeichen.",
      fields: { [field]: "Die Eingabe enthält unzulässige Steuerzeichen." },
    });
    const threads = await ctx.db.selectFrom("message_threads").select("id").where("tenant_id", "=", tenantId).execute();
    expect(threads).toHaveLength(0);
  });

  it("keeps tabs and line breaks, refuses control characters in queries and multipart fields", async () => {
    const ok = await api(ctx.app, token).post("/api/v1/tenant/messages", {
      subject: "Mehrzeilig",
      content: "Zeile 1\r\nZeile 2\n\tEingerückt",
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().messages[0].content).toBe("Zeile 1\r\nZeile 2\n\tEingerückt");
    const query = await api(ctx.app, token).get("/api/v1/tenant/messages?filter=%00");
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toBe("control_characters");
    const boundary = "----mp";
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="title"',
      "",
      "Titel\u0000mit NUL",
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.pdf"',
      "Content-Type: application/pdf",
      "",
      "%PDF-1.4\n%%EOF",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const upload = await api(ctx.app, token).inject({
      method: "POST",
      url: "/api/v1/tenant/documents",
      payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().fields).toEqual({ title: "Die Eingabe enthält unzulässige Steuerzeichen." });
  });
});

describe("one tenant cannot flood everyone: write quotas", () => {
  it("answers 429 with a German message and Retry-After past the hourly quota; nothing is written or kept", async () => {
    const ctx = await createTestContext();
    try {
      const t = await createTenant(ctx.db);
      const token = await login(ctx.app, t);
      const max = WRITE_QUOTAS.conversation.hour;
      for (let i = 0; i < max; i++) {
        const res = await api(ctx.app, token).post("/api/v1/tenant/messages", {
          subject: `Nr. ${i}`,
          content: "Hallo",
        });
        expect(res.statusCode).toBe(201);
      }
      const refused = await api(ctx.app, token).post(
        "/api/v1/tenant/messages",
        { subject: "Eine zu viel", content: "Hallo" },
        { "idempotency-key": "quota-1" },
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("3600");
      expect(refused.json()).toMatchObject({ error: "quota_exceeded" });
      expect(refused.json().message).toMatch(/höchstens 20 neue Unterhaltungen pro Stunde/);
      const count = await ctx.db.selectFrom("message_threads").select("id").where("tenant_id", "=", t.id).execute();
      expect(count).toHaveLength(max);
      // The refusal is not replayed later: the key was not kept.
      const keys = await ctx.db.selectFrom("idempotency_keys").select("key").where("key", "=", "quota-1").execute();
      expect(keys).toHaveLength(0);
      // Another tenant is not affected.
      const other = await createTenant(ctx.db);
      const otherToken = await login(ctx.app, other);
      expect(
        (await api(ctx.app, otherToken).post("/api/v1/tenant/messages", { subject: "Ich", content: "Hallo" }))
          .statusCode,
      ).toBe(201);
    } finally {
      await ctx.close();
    }
  });
});

describe("general rate limit", () => {
  it("answers 429 with a German message and Retry-After per IP and per tenant", async () => {
    const ctx = await createTestContext({ RATE_LIMIT_IP_PER_MINUTE: "6", RATE_LIMIT_TENANT_PER_MINUTE: "3" });
    try {
      const t = await createTenant(ctx.db);
      const fromIp = (ip: string, url: string, token?: string) =>
        ctx.app.inject({
          method: "GET",
          url,
          remoteAddress: ip,
          headers: { "x-api-key": API_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      const login = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        remoteAddress: "10.7.0.1",
        headers: { "x-api-key": API_KEY },
        payload: { email: t.email, password: t.password },
      });
      const token = login.json().token as string;
      for (let i = 0; i < 3; i++) expect((await fromIp("10.7.0.2", "/api/v1/auth/user", token)).statusCode).toBe(200);
      const perTenant = await fromIp("10.7.0.3", "/api/v1/auth/user", token);
      expect(perTenant.statusCode).toBe(429);
      expect(perTenant.json().message).toBe(
        "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
      );
      expect(Number(perTenant.headers["retry-after"])).toBeGreaterThan(0);

      for (let i = 0; i < 6; i++) expect((await fromIp("10.7.0.4", "/api/v1/health")).statusCode).toBe(200);
      const perIp = await fromIp("10.7.0.4", "/api/v1/health");
      expect(perIp.statusCode).toBe(429);
      expect(perIp.headers["retry-after"]).toBeDefined();
      expect((await fromIp("10.7.0.5", "/api/v1/health")).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe("headers and documentation", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: "true" });
  });
  afterAll(() => ctx.close());

  it("sends HSTS over HTTPS only, and X-Frame-Options agrees with frame-ancestors 'none'", async () => {
    const plain = await ctx.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(plain.headers["x-frame-options"]).toBe("DENY");
    expect(String(plain.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    const secure = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("marks authenticated answers no-store, public ones not", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    for (const url of ["/api/v1/auth/user", "/api/v1/tenant/messages", "/api/v1/tenant/payments/current"]) {
      expect((await api(ctx.app, token).get(url)).headers["cache-control"]).toBe("no-store");
    }
    const unauthenticated = await api(ctx.app).get("/api/v1/tenant/messages");
    expect(unauthenticated.headers["cache-control"]).toBe("no-store");
    expect((await api(ctx.app).get("/api/v1/config")).headers["cache-control"]).toBe("public, max-age=300");
  });

  it("describes the multipart upload body in the OpenAPI document", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const body = doc.paths["/api/v1/tenant/documents"].post.requestBody;
    expect(body.content["multipart/form-data"].schema).toMatchObject({
      type: "object",
      required: ["file"],
      properties: { file: { type: "string", format: "binary" }, type: { enum: ["personal"] } },
    });
  });
});
