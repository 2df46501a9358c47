import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { STAFF_RESET_TOKEN_TTL_SECONDS } from "@mieter-portal/contracts/staff";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listAudit } from "../src/domain/audit/audit.js";
import { createStaff, updateStaff } from "../src/domain/staff/staff-members.js";
import { totpCodeNow } from "../src/lib/totp.js";
import {
  API_KEY,
  api,
  createStaffMember,
  createTestContext,
  type StaffFixture,
  staffLogin,
  type TestContext,
} from "./helpers.js";

// "Passwort vergessen?" on the staff login (issue 25 item 22, decision 033): the tenants' rules
// (always 202, limits per IP and per address, 60 minutes, once), the staff's password rules, and
// no sign-in by the link: the second factor still guards the account.

const A = "Lindenstraße 5, 10969 Berlin";
const NEW_PASSWORD = "ganz-neues-passwort-1";
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Each test asks from an address of its own, so one test's requests do not spend the next one's
// limit per IP.
let ip = 0;
const remoteAddress = () => `10.9.0.${ip}`;
beforeEach(() => {
  ip += 1;
});

const request = (email: string, from = remoteAddress()) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/staff/auth/password-reset",
    headers: { "x-api-key": API_KEY },
    remoteAddress: from,
    payload: { email },
  });
const info = (token: string) => api(ctx.app).post("/api/v1/staff/auth/password-reset/info", { token });
const confirm = (token: string, newPassword = NEW_PASSWORD) =>
  api(ctx.app).post("/api/v1/staff/auth/password-reset/confirm", { token, newPassword });
const signIn = (staff: StaffFixture, password: string, totp?: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/staff/auth/login",
    headers: { "x-api-key": API_KEY },
    remoteAddress: remoteAddress(),
    payload: { email: staff.email, password, ...(totp ? { totp } : {}) },
  });

/** The mails in the server's file outbox to `to`, decoded (quoted-printable), oldest first. */
async function mailsTo(to: string): Promise<string[]> {
  const dir = path.join(ctx.dataDir, "outbox");
  let files: string[] = [];
  try {
    files = (await readdir(dir)).sort();
  } catch {
    return [];
  }
  const mails: string[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), "utf8");
    const text = Buffer.from(
      raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
    if (new RegExp(`^To: .*${to.replace(/[.@+]/g, "\\$&")}`, "mi").test(text)) mails.push(text);
  }
  return mails;
}

const linkIn = (mail: string) => /https?:\/\/\S+\/verwaltung\/passwort-neu#token=[\w%-]+/.exec(mail)?.[0];
const tokenOf = (link: string) => decodeURIComponent(new URL(link).hash.replace(/^#token=/, ""));

/** Asks for a link and returns the token of the newest mail to the member. */
async function resetToken(staff: StaffFixture): Promise<string> {
  expect((await request(staff.email)).statusCode).toBe(202);
  await ctx.app.background.drain();
  const link = linkIn((await mailsTo(staff.email)).at(-1) ?? "");
  if (!link) throw new Error(`no reset mail to ${staff.email}`);
  return tokenOf(link);
}

describe("the request", () => {
  it("answers 202 with the same words for an unknown address and mails a German one-time link only to the member", async () => {
    const staff = await createStaffMember(ctx.db, "verwalter", [A]);
    const unknown = await request("niemand-hier@verwaltung.example");
    const known = await request(staff.email.toUpperCase());
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toMatch(/Falls zu dieser E-Mail-Adresse ein aktives Konto/);

    await ctx.app.background.drain();
    expect(await mailsTo("niemand-hier@verwaltung.example")).toEqual([]);
    const mails = await mailsTo(staff.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatch(/^Subject: .*Passwort/m);
    expect(mail).toContain("Sie haben angefordert, Ihr Passwort für die Verwaltung des Mieter-Portals zurückzusetzen.");
    expect(mail).toContain("innerhalb von 60 Minuten");
    expect(mail).toContain("Falls Sie das nicht waren, können Sie diese E-Mail ignorieren");
    // The console's page, the token in the fragment (never sent to a server's log).
    const link = linkIn(mail)!;
    expect(link.startsWith(`${ctx.config.publicUrl}/verwaltung/passwort-neu#token=`)).toBe(true);
    expect((await info(tokenOf(link))).json()).toEqual({ email: staff.email, name: expect.any(String) });
  });

  it("mails nobody for a deactivated account (still 202), and its earlier link no longer works", async () => {
    const staff = await createStaffMember(ctx.db, "hausmeister", [A]);
    const earlier = await resetToken(staff);
    await updateStaff(ctx.db, staff.id, { active: false });
    const res = await request(staff.email);
    expect(res.statusCode).toBe(202);
    await ctx.app.background.drain();
    expect(await mailsTo(staff.email)).toHaveLength(1);
    const late = await confirm(earlier);
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe("staff_inactive");
    expect((await signIn(staff, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("mails nobody still invited (the invitation sets the first password)", async () => {
    const email = `eingeladen-${ip}@verwaltung.example`;
    await createStaff(ctx.db, { email, name: "Noch Eingeladen", role: "verwalter", buildingIds: [] });
    expect((await request(email)).statusCode).toBe(202);
    await ctx.app.background.drain();
    expect(await mailsTo(email)).toEqual([]);
  });

  it("answers 429 after 20 requests from one address within 15 minutes, also in parallel", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => request("wer-auch-immer@verwaltung.example", "10.9.99.1")),
    );
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(20);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toMatch(/Zu viele Anfragen/);
    expect(refused.headers["retry-after"]).toBe("900");
    await ctx.app.background.drain();
  });

  it("sends at most 5 mails per address within 15 minutes, whatever the number of addresses asking", async () => {
    const staff = await createStaffMember(ctx.db, "verwalter", [A]);
    for (let i = 0; i < 8; i++) expect((await request(staff.email, `10.9.50.${i + 1}`)).statusCode).toBe(202);
    await ctx.app.background.drain();
    expect(await mailsTo(staff.email)).toHaveLength(5);
  });
});

describe("the new password", () => {
  it("is set once with the staff's rules; every session and other link ends; nobody is signed in", async () => {
    const staff = await createStaffMember(ctx.db, "verwalter", [A]);
    const session = await staffLogin(ctx.app, staff);
    const first = await resetToken(staff);
    const second = await resetToken(staff);

    const short = await confirm(second, "zu-kurz");
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.newPassword).toMatch(/mindestens 10 Zeichen/);

    const done = await confirm(second);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      message: "Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.",
    });
    expect(done.json()).not.toHaveProperty("token");

    // Once: the same link again, and the other link asked for earlier.
    const again = await confirm(second, "noch-ein-passwort-2");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("staff_reset_link_used");
    expect(again.json().message).toMatch(/bereits benutzt/);
    expect((await confirm(first, "noch-ein-passwort-2")).json().error).toBe("staff_reset_link_used");
    expect((await info(second)).json().error).toBe("staff_reset_link_used");

    // The session from before the reset has ended; the new password signs in, the old one not.
    expect((await api(ctx.app, session).get("/api/v1/staff/auth/me")).statusCode).toBe(401);
    expect((await signIn(staff, staff.password)).statusCode).toBe(401);
    expect((await signIn(staff, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("is used by exactly one of parallel confirmations", async () => {
    const staff = await createStaffMember(ctx.db, "hausmeister", [A]);
    const token = await resetToken(staff);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => confirm(token, `parallel-passwort-${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it("leaves the second factor on: the sign-in afterwards still asks for the code", async () => {
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await resetToken(admin);
    expect((await confirm(token)).statusCode).toBe(200);
    const withoutCode = await signIn(admin, NEW_PASSWORD);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().error).toBe("totp_required");
    const withCode = await signIn(admin, NEW_PASSWORD, totpCodeNow(admin.totpSecret!));
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json().staff.totp_enabled).toBe(true);
  });

  it("is audited in German: the link asked for and the password reset", async () => {
    const staff = await createStaffMember(ctx.db, "verwalter", [A]);
    expect((await confirm(await resetToken(staff))).statusCode).toBe(200);
    const page = await listAudit(ctx.db, { staff: staff.id, limit: 10 });
    if (page === "bad_cursor") throw new Error("bad cursor");
    const entries = page.items.map((e) => [e.action, e.action_label, e.ip]);
    expect(entries).toEqual([
      ["staff.password_reset", "hat das Passwort zurückgesetzt", "127.0.0.1"],
      ["staff.password_reset_requested", "hat einen Link zum Zurücksetzen des Passworts angefordert", remoteAddress()],
    ]);
  });
});

describe("the link", () => {
  afterEach(() => vi.useRealTimers());

  it("works for 60 minutes and then says it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.UTC(2026, 10, 27, 9);
    vi.setSystemTime(start);
    const staff = await createStaffMember(ctx.db, "verwalter", [A]);
    const token = await resetToken(staff);
    vi.setSystemTime(start + STAFF_RESET_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect((await info(token)).statusCode).toBe(200);
    vi.setSystemTime(start + STAFF_RESET_TOKEN_TTL_SECONDS * 1000 + 1000);
    const late = await info(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe("staff_reset_link_expired");
    expect(late.json().message).toMatch(/abgelaufen/);
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("staff_reset_link_expired");
    vi.useRealTimers();
    expect((await signIn(staff, staff.password)).statusCode).toBe(200);
  });

  it("is refused when unknown, and an invitation's link is no reset link", async () => {
    const unknown = await info("gibt-es-nicht");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("staff_reset_link_invalid");
    expect((await confirm("gibt-es-nicht")).json().error).toBe("staff_reset_link_invalid");
  });

  it("never accepts an invitation: a reset link signs nobody in past the second factor", async () => {
    // An Administrator with the second factor on: invitation accept asks no code of them and signs in.
    const admin = await createStaffMember(ctx.db, "administrator");
    const token = await resetToken(admin);
    const infoAsInvitation = await api(ctx.app).post("/api/v1/staff/auth/invitation/info", { token });
    expect(infoAsInvitation.statusCode).toBe(400);
    expect(infoAsInvitation.json().error).toBe("invitation_invalid");
    const accepted = await api(ctx.app).post("/api/v1/staff/auth/invitation/accept", {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).not.toHaveProperty("token");
    // The link still does what it is for.
    expect((await confirm(token)).statusCode).toBe(200);
  });
});
