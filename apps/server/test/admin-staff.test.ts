import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../src/cli/admin.js";
import { totpCodeNow } from "../src/lib/totp.js";
import { API_KEY, createTenant, createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    { out: (t) => out.push(t), err: (t) => err.push(t) },
    { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const staffLogin = (payload: object) =>
  ctx.app.inject({ method: "POST", url: "/api/v1/staff/auth/login", headers: { "x-api-key": API_KEY }, payload });

describe("create-staff", () => {
  it("creates the first Administrator with a second factor printed once, who can then sign in", async () => {
    const res = await admin(
      "create-staff",
      "--email",
      "chefin@example.com",
      "--name",
      "Katrin Grünfeld",
      "--password",
      "sehr-geheim-123",
    );
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain("Administrator angelegt: Katrin Grünfeld <chefin@example.com>");
    const secret = /Schlüssel: ([A-Z2-7]+)/.exec(res.out)?.[1];
    expect(secret).toBeDefined();
    expect(res.out).toMatch(/Link: otpauth:\/\/totp\//);
    expect((await staffLogin({ email: "chefin@example.com", password: "sehr-geheim-123" })).json().error).toBe(
      "totp_required",
    );
    const ok = await staffLogin({
      email: "chefin@example.com",
      password: "sehr-geheim-123",
      totp: totpCodeNow(secret!),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().staff.role).toBe("administrator");
    expect((await admin("create-staff", "--email", "CHEFIN@example.com", "--name", "Doppelt")).code).toBe(1);
  });

  it("creates a Hausmeister for buildings and prints a one-time link to set the password", async () => {
    await createTenant(ctx.db, { address: "Ahornweg 3, 10115 Berlin" });
    const res = await admin(
      "create-staff",
      "--email",
      "hausmeister@example.com",
      "--name",
      "Tomasz Nowak",
      "--role",
      "hausmeister",
      "--buildings",
      "Ahornweg 3, 10115 Berlin; Birkenweg 9, 10115 Berlin",
    );
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain("Hausmeister angelegt");
    const token = /einladung#token=([\w-]+)/.exec(res.out)?.[1];
    expect(token).toBeDefined();
    const accepted = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/staff/auth/invitation/accept",
      headers: { "x-api-key": API_KEY },
      payload: { token, newPassword: "mein-neues-passwort" },
    });
    expect(accepted.statusCode).toBe(200);
    expect(
      accepted
        .json()
        .staff.buildings.map((b: { name: string }) => b.name)
        .sort(),
    ).toEqual(["Ahornweg 3", "Birkenweg 9"]);
  });

  it("refuses a Verwalter without buildings and a short password (exit 2, German)", async () => {
    const noBuilding = await admin("create-staff", "--email", "v@example.com", "--name", "V", "--role", "verwalter");
    expect(noBuilding.code).toBe(2);
    expect(noBuilding.err).toContain("Verwalter, Hausmeister und Dienstleister brauchen mindestens ein Gebäude");
    const short = await admin("create-staff", "--email", "w@example.com", "--name", "W", "--password", "kurz");
    expect(short.code).toBe(2);
    expect(short.err).toContain("mindestens 10 Zeichen");
  });
});
