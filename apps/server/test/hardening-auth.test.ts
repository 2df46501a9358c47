import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResetToken } from "../src/domain/tenants/auth.js";
import type { Mail, Mailer } from "../src/lib/mailer.js";
import { API_KEY, api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

/** A mailer that holds every mail until the test lets it go. */
function heldMailer() {
  const sent: Mail[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mailer: Mailer = {
    async send(mail) {
      await gate;
      sent.push(mail);
    },
  };
  return { mailer, sent, release: () => release() };
}

const held = heldMailer();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer: held.mailer });
});
afterAll(async () => {
  held.release();
  await ctx.close();
});

const loginFrom = (ip: string, email: string, password: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: { "x-api-key": API_KEY },
    remoteAddress: ip,
    payload: { email, password },
  });

describe("sessions end when the password changes, whatever the timing", () => {
  it("a change ends every older token, also those issued in the same second, and keeps the new one", async () => {
    const t = await createTenant(ctx.db);
    const tokens = await Promise.all([login(ctx.app, t), login(ctx.app, t), login(ctx.app, t)]);
    const changed = await api(ctx.app, tokens[0]).post("/api/v1/auth/password", {
      currentPassword: t.password,
      newPassword: "ganz-neu-und-lang",
    });
    expect(changed.statusCode).toBe(200);
    for (const old of tokens) expect((await api(ctx.app, old).get("/api/v1/auth/user")).statusCode).toBe(401);
    expect((await api(ctx.app, changed.json().token).get("/api/v1/auth/user")).statusCode).toBe(200);
    // A login right after the change (same second) works.
    const after = await login(ctx.app, { email: t.email, password: "ganz-neu-und-lang" });
    expect((await api(ctx.app, after).get("/api/v1/auth/user")).statusCode).toBe(200);
  });

  it("a reset ends every token and every other reset link issued before it", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    const first = await createResetToken(ctx.db, t.id, 3600);
    const second = await createResetToken(ctx.db, t.id, 3600);
    const done = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token: second,
      newPassword: "per-link-neu-1",
    });
    expect(done.statusCode).toBe(200);
    expect((await api(ctx.app, token).get("/api/v1/auth/user")).statusCode).toBe(401);
    const stale = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token: first,
      newPassword: "per-link-neu-2",
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe("reset_token_invalid");
    await expect(login(ctx.app, { email: t.email, password: "per-link-neu-1" })).resolves.toBeTypeOf("string");
  });
});

describe("throttles hold under parallel requests", () => {
  it("checks at most 10 of 50 parallel wrong passwords for one account", async () => {
    const t = await createTenant(ctx.db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        loginFrom(`10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`, t.email, "falsch"),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(10);
    expect(codes.filter((c) => c === 429).length).toBe(40);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche/);
    // The right password is refused too while the account is locked.
    expect((await loginFrom("10.9.9.9", t.email, t.password)).statusCode).toBe(429);
  });

  it("checks at most 10 of 50 parallel wrong passwords from one IP across accounts", async () => {
    const accounts = await Promise.all(Array.from({ length: 5 }, () => createTenant(ctx.db)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => loginFrom("10.2.0.1", accounts[i % 5]!.email, "falsch")),
    );
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(40);
  });

  it("successful logins do not use up the IP's allowance", async () => {
    const t = await createTenant(ctx.db);
    for (let i = 0; i < 12; i++) expect((await loginFrom("10.3.0.1", t.email, t.password)).statusCode).toBe(200);
  });

  it("checks at most 10 current passwords on password change, also in parallel", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        api(ctx.app, token).post("/api/v1/auth/password", { currentPassword: "falsch", newPassword: "egal-egal-1" }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 400).length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(20);
    const locked = await api(ctx.app, token).post("/api/v1/auth/password", {
      currentPassword: t.password,
      newPassword: "egal-egal-1",
    });
    expect(locked.statusCode).toBe(429);
  });

  it("limits reset requests per IP (429) and reset mails per address", async () => {
    const t = await createTenant(ctx.db);
    const reset = (ip: string, email: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/password-reset",
        headers: { "x-api-key": API_KEY },
        remoteAddress: ip,
        payload: { email },
      });
    const fromOneIp = await Promise.all(Array.from({ length: 30 }, () => reset("10.4.0.1", "niemand@example.com")));
    expect(fromOneIp.filter((a) => a.statusCode === 202).length).toBe(20);
    const refused = fromOneIp.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toMatch(/Zu viele Anfragen/);

    const before = held.sent.length;
    for (let i = 0; i < 8; i++) expect((await reset(`10.5.0.${i + 1}`, t.email)).statusCode).toBe(202);
    held.release();
    await ctx.app.background.drain();
    expect(held.sent.slice(before).filter((m) => m.to === t.email)).toHaveLength(5);
  });
});

describe("the reset request tells nothing by its answer or its timing", () => {
  it("answers before any lookup or mail: a known address is answered while its mail is still held", async () => {
    const mails = heldMailer();
    const own = await createTestContext({}, { mailer: mails.mailer });
    try {
      const t = await createTenant(own.db);
      const known = await api(own.app).post("/api/v1/auth/password-reset", { email: t.email });
      const unknown = await api(own.app).post("/api/v1/auth/password-reset", { email: "nie@example.com" });
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(mails.sent).toHaveLength(0);
      mails.release();
      await own.app.background.drain();
      expect(mails.sent.map((m) => m.to)).toEqual([t.email]);
    } finally {
      mails.release();
      await own.close();
    }
  });
});

describe("Idempotency-Key: exactly once under parallel retries", () => {
  it("runs a change once for parallel requests with the same key and answers all of them alike", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    const headers = { "idempotency-key": `parallel-${t.id}` };
    const body = { subject: "Parallel gesendet", content: "Einmal bitte" };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api(ctx.app, token).post("/api/v1/tenant/messages", body, headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(5);
    const threads = await ctx.db
      .selectFrom("message_threads")
      .select("id")
      .where("tenant_id", "=", t.id)
      .where("subject", "=", "Parallel gesendet")
      .execute();
    expect(threads).toHaveLength(1);
  });

  it("keeps nothing of a refused change: the key answers the same refusal, and no row was written", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    const headers = { "idempotency-key": `refused-${t.id}` };
    const first = await api(ctx.app, token).post(
      "/api/v1/tenant/messages/00000000-0000-4000-8000-000000000000/replies",
      { content: "Antwort ins Leere" },
      headers,
    );
    expect(first.statusCode).toBe(404);
    const again = await api(ctx.app, token).post(
      "/api/v1/tenant/messages/00000000-0000-4000-8000-000000000000/replies",
      { content: "Antwort ins Leere" },
      headers,
    );
    expect(again.statusCode).toBe(404);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const rows = await ctx.db.selectFrom("messages").select("id").where("tenant_id", "=", t.id).execute();
    expect(rows).toHaveLength(0);
  });
});
