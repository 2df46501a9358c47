import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResetToken } from "../src/domain/tenants/auth.js";
import { api, createTenant, createTestContext, login, type TenantFixture, type TestContext } from "./helpers.js";

let ctx: TestContext;
let tenant: TenantFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.db, { email: "Erika.Muster@Example.com", firstName: "Erika", lastName: "Muster" });
});
afterAll(() => ctx.close());

const decode = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

describe("POST /auth/login", () => {
  it("returns token, user with both name spellings and the expiry; e-mail is case-insensitive", async () => {
    const res = await api(ctx.app).post("/api/v1/auth/login", {
      email: "erika.muster@example.COM",
      password: tenant.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: tenant.id,
      email: "Erika.Muster@Example.com",
      firstName: "Erika",
      lastName: "Muster",
      first_name: "Erika",
      last_name: "Muster",
      address: "Lindenstraße 5, 10969 Berlin",
      apartment_number: "2. OG links",
    });
    const claims = decode(body.token);
    expect(JSON.parse(Buffer.from(body.token.split(".")[0], "base64url").toString()).alg).toBe("HS256");
    expect(claims.sub).toBe(tenant.id);
    expect(typeof claims.jti).toBe("string");
    expect(claims.exp - claims.iat).toBe(12 * 3600);
    expect(Date.parse(body.expires_at)).toBe(claims.exp * 1000);
  });

  it("gives a 30-day token with remember", async () => {
    const res = await api(ctx.app).post("/api/v1/auth/login", {
      email: tenant.email,
      password: tenant.password,
      remember: true,
    });
    const claims = decode(res.json().token);
    expect(claims.exp - claims.iat).toBe(30 * 24 * 3600);
  });

  it("answers one generic German error for unknown e-mail and wrong password", async () => {
    const wrong = await api(ctx.app).post("/api/v1/auth/login", { email: tenant.email, password: "falsch-falsch" });
    const unknown = await api(ctx.app).post("/api/v1/auth/login", { email: "niemand@example.com", password: "x" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: "invalid_credentials", message: "E-Mail-Adresse oder Passwort ist falsch." });
  });

  it("validates the body with German field messages and writes nothing", async () => {
    const res = await api(ctx.app).post("/api/v1/auth/login", { email: 42, password: "" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe("validation_failed");
    expect(Object.keys(body.fields).sort()).toEqual(["email", "password"]);
    const malformed = await api(ctx.app).post("/api/v1/auth/login", '{"email":', {
      "content-type": "application/json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("invalid_json");
    const huge = await api(ctx.app).post("/api/v1/auth/login", {
      email: `${"a".repeat(300)}@example.com`,
      password: "x",
    });
    expect(huge.statusCode).toBe(400);
  });

  it("requires the API key", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: tenant.email, password: tenant.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("invalid_api_key");
    const wrongKey = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-api-key": "falsch" },
      payload: { email: tenant.email, password: tenant.password },
    });
    expect(wrongKey.statusCode).toBe(401);
  });
});

describe("throttling", () => {
  it("refuses the 11th failed attempt per account within 15 minutes with 429, even with the right password", async () => {
    const victim = await createTenant(ctx.db);
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "x-api-key": "mp-web-client-2025" },
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: victim.email, password: "falsch" },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-api-key": "mp-web-client-2025" },
      remoteAddress: "10.0.1.1",
      payload: { email: victim.email, password: victim.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche/);
    const rows = await ctx.db.selectFrom("login_attempts").selectAll().where("subject", "=", victim.email).execute();
    expect(rows).toHaveLength(10);
  });

  it("refuses an IP after 10 failures across accounts", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i++) {
      await ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "x-api-key": "mp-web-client-2025" },
        remoteAddress: ip,
        payload: { email: `probe${i}@example.com`, password: "x" },
      });
    }
    const other = await createTenant(ctx.db);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-api-key": "mp-web-client-2025" },
      remoteAddress: ip,
      payload: { email: other.email, password: other.password },
    });
    expect(res.statusCode).toBe(429);
  });
});

describe("tokens", () => {
  it("rejects missing, malformed, foreign-signed, none-alg and expired tokens with 401", async () => {
    expect((await api(ctx.app).get("/api/v1/auth/user")).statusCode).toBe(401);
    expect((await api(ctx.app, "abc.def").get("/api/v1/auth/user")).json().error).toBe("token_invalid");
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(tenant.id)
      .setJti("x")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await api(ctx.app, foreign).get("/api/v1/auth/user")).statusCode).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: tenant.id, jti: "y", exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString("base64url")}.`;
    expect((await api(ctx.app, none).get("/api/v1/auth/user")).statusCode).toBe(401);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(tenant.id)
      .setJti("z")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(ctx.config.jwtSecret);
    const res = await api(ctx.app, expired).get("/api/v1/auth/user");
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("token_expired");
  });

  it("logout revokes exactly that token", async () => {
    const a = await login(ctx.app, tenant);
    const b = await login(ctx.app, tenant);
    const out = await api(ctx.app, a).post("/api/v1/auth/logout");
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe("Sie wurden erfolgreich abgemeldet.");
    const after = await api(ctx.app, a).get("/api/v1/auth/user");
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe("token_revoked");
    expect((await api(ctx.app, b).get("/api/v1/auth/user")).statusCode).toBe(200);
  });
});

describe("portal access after the tenancy", () => {
  it("lets a tenant in until 3 months after the end, then refuses login (403) and live tokens (401)", async () => {
    const recent = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const stillIn = await createTenant(ctx.db, { endDate: recent });
    expect(
      (await api(ctx.app).post("/api/v1/auth/login", { email: stillIn.email, password: stillIn.password })).statusCode,
    ).toBe(200);

    const leaver = await createTenant(ctx.db);
    const token = await login(ctx.app, leaver);
    const longAgo = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    await ctx.db.updateTable("tenancies").set({ end_date: longAgo }).where("tenant_id", "=", leaver.id).execute();
    const live = await api(ctx.app, token).get("/api/v1/auth/user");
    expect(live.statusCode).toBe(401);
    expect(live.json().error).toBe("access_ended");
    const again = await api(ctx.app).post("/api/v1/auth/login", { email: leaver.email, password: leaver.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/3 Monate nach dem Ende des Mietverhältnisses/);
  });
});

describe("password change", () => {
  it("needs the current password, ends older sessions and answers a fresh token", async () => {
    const t = await createTenant(ctx.db);
    const old = await login(ctx.app, t);
    const wrong = await api(ctx.app, old).post("/api/v1/auth/password", {
      currentPassword: "nope",
      newPassword: "ganz-neu-123",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe("Das aktuelle Passwort ist falsch.");
    const short = await api(ctx.app, old).post("/api/v1/auth/password", {
      currentPassword: t.password,
      newPassword: "kurz",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.newPassword).toMatch(/mindestens 8 Zeichen/);

    const other = await login(ctx.app, t);
    const ok = await api(ctx.app, old).post("/api/v1/auth/password", {
      currentPassword: t.password,
      newPassword: "ganz-neu-123",
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().token as string;
    expect((await api(ctx.app, old).get("/api/v1/auth/user")).statusCode).toBe(401);
    expect((await api(ctx.app, other).get("/api/v1/auth/user")).statusCode).toBe(401);
    expect((await api(ctx.app, fresh).get("/api/v1/auth/user")).statusCode).toBe(200);
    expect((await api(ctx.app).post("/api/v1/auth/login", { email: t.email, password: t.password })).statusCode).toBe(
      401,
    );
    expect(
      (await api(ctx.app).post("/api/v1/auth/login", { email: t.email, password: "ganz-neu-123" })).statusCode,
    ).toBe(200);
  });
});

const resetTokenOf = (link: string) =>
  decodeURIComponent(new URLSearchParams(new URL(link).hash.slice(1)).get("token")!);

async function readResetLink(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  const files = (await readdir(outbox)).sort();
  for (const file of files.reverse()) {
    const mail = await readFile(path.join(outbox, file), "utf8");
    if (mail.includes(`To: ${to}`)) {
      const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const match = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_%-]+/.exec(unfolded);
      if (match) return match[0];
    }
  }
  throw new Error(`no reset mail to ${to}`);
}

describe("password reset", () => {
  it("always answers 202, mails a one-time link only for real accounts, and the link sets a new password", async () => {
    const t = await createTenant(ctx.db);
    const token = await login(ctx.app, t);
    const unknown = await api(ctx.app).post("/api/v1/auth/password-reset", { email: "gibt-es-nicht@example.com" });
    const known = await api(ctx.app).post("/api/v1/auth/password-reset", { email: t.email });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());

    await ctx.app.background.drain();
    const link = await readResetLink(ctx.dataDir, t.email);
    const resetToken = resetTokenOf(link);
    const mails = await readdir(path.join(ctx.dataDir, "outbox"));
    expect(mails).toHaveLength(1);

    const weak = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token: resetToken,
      newPassword: "kurz",
    });
    expect(weak.statusCode).toBe(400);
    const ok = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token: resetToken,
      newPassword: "neu-gesetzt-42",
    });
    expect(ok.statusCode).toBe(200);
    const reused = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token: resetToken,
      newPassword: "noch-einmal-42",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe("reset_token_invalid");
    expect((await api(ctx.app, token).get("/api/v1/auth/user")).statusCode).toBe(401);
    expect(
      (await api(ctx.app).post("/api/v1/auth/login", { email: t.email, password: "neu-gesetzt-42" })).statusCode,
    ).toBe(200);
  });

  it("refuses unknown and expired tokens", async () => {
    const res = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token: "erfunden",
      newPassword: "neu-gesetzt-42",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ungültig oder abgelaufen/);
    const t = await createTenant(ctx.db);
    const expired = await createResetToken(ctx.db, t.id, -1);
    const late = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token: expired,
      newPassword: "neu-gesetzt-42",
    });
    expect(late.statusCode).toBe(400);
    expect((await api(ctx.app).post("/api/v1/auth/login", { email: t.email, password: t.password })).statusCode).toBe(
      200,
    );
  });
});
