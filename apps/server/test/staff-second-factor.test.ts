import { LOGIN_MAX_FAILURES } from "@mieter-portal/contracts";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../src/db/connection.js";
import { disableTotp } from "../src/domain/staff/staff.js";
import { changeStaff } from "../src/domain/staff/staff-admin.js";
import { totpCodeNow } from "../src/lib/totp.js";
import { API_KEY, api, createStaffMember, createTestContext, staffLogin, type TestContext } from "./helpers.js";

// Issue 24 §16 (decision 031): each code once, the password for every change of the second factor,
// Administrators never without it (not by a race, not at sign-in).

const A = "Lindenstraße 5, 10969 Berlin";
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// The clock: only Date is faked (timers, the database and the password hash run as usual), so a
// test says which 30-second step a code belongs to and moves on to the next step when it needs one.
const STEP = 30_000;
let now = 0;
// Each test signs in from an address of its own: the refused codes of one test (counted failures,
// as they must be) do not spend the next test's sign-in limit per address.
let ip = 0;
const remoteAddress = () => `10.0.0.${ip}`;
beforeEach(() => {
  ip += 1;
  vi.useFakeTimers({ toFake: ["Date"] });
  // Five seconds into a step: a code and its check always fall into the same step.
  now = (Math.floor(Date.UTC(2026, 10, 27, 9) / STEP) + 1) * STEP + 5_000;
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());
const nextStep = () => {
  now += STEP;
  vi.setSystemTime(now);
};
const codeNow = (secret: string) => totpCodeNow(secret, now);

const loginWith = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/staff/auth/login",
    headers: { "x-api-key": API_KEY },
    payload,
    remoteAddress: remoteAddress(),
  });

async function enrolled(role: "verwalter" | "hausmeister") {
  const person = await createStaffMember(ctx.db, role, [A]);
  const token = await staffLogin(ctx.app, person);
  const setup = await api(ctx.app, token).post("/api/v1/staff/auth/totp/setup", { currentPassword: person.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().secret as string;
  const enabled = await api(ctx.app, token).post("/api/v1/staff/auth/totp/enable", {
    code: codeNow(secret),
    currentPassword: person.password,
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  expect(enabled.json().totp_enabled).toBe(true);
  nextStep();
  return { ...person, totpSecret: secret, token };
}

async function totpState(id: string) {
  const row = await ctx.db
    .selectFrom("staff_users")
    .select(["role", "totp_enabled", "totp_secret"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { role: row.role, enabled: row.totp_enabled === 1, secret: row.totp_secret !== null };
}

describe("a code signs in once (RFC 6238 §5.2)", () => {
  it("refuses the same code a second time, and a code of an earlier step after a later one", async () => {
    const admin = await createStaffMember(ctx.db, "administrator");
    const secret = admin.totpSecret as string;
    const code = codeNow(secret);
    const credentials = { email: admin.email, password: admin.password };
    expect((await loginWith({ ...credentials, totp: code })).statusCode).toBe(200);
    const again = await loginWith({ ...credentials, totp: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: "totp_invalid" });
    expect(again.json().message).toMatch(/bereits verwendet/);

    nextStep();
    const later = codeNow(secret);
    const earlier = totpCodeNow(secret, now - STEP);
    expect(earlier).not.toBe(later);
    expect((await loginWith({ ...credentials, totp: later })).statusCode).toBe(200);
    // Still inside the window of one step of drift, but older than the step just used.
    expect((await loginWith({ ...credentials, totp: earlier })).statusCode).toBe(401);
  });

  it("lets exactly one of five parallel sign-ins with one code through", async () => {
    const admin = await createStaffMember(ctx.db, "administrator");
    const payload = { email: admin.email, password: admin.password, totp: codeNow(admin.totpSecret as string) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => loginWith(payload)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it("spends the code that enabled the second factor: it does not sign in afterwards", async () => {
    const person = await createStaffMember(ctx.db, "verwalter", [A]);
    const token = await staffLogin(ctx.app, person);
    const setup = await api(ctx.app, token).post("/api/v1/staff/auth/totp/setup", {
      currentPassword: person.password,
    });
    const code = codeNow(setup.json().secret);
    const enabled = await api(ctx.app, token).post("/api/v1/staff/auth/totp/enable", {
      code,
      currentPassword: person.password,
    });
    expect(enabled.statusCode).toBe(200);
    const replay = await loginWith({ email: person.email, password: person.password, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe("totp_invalid");
  });
});

describe("setting up, enabling and disabling need the current password", () => {
  it("refuses setup, enable and disable without the right password and changes nothing", async () => {
    const person = await createStaffMember(ctx.db, "verwalter", [A]);
    const token = await staffLogin(ctx.app, person);
    const own = api(ctx.app, token);

    const bare = await own.post("/api/v1/staff/auth/totp/setup", {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields.currentPassword).toMatch(/aktuelles Passwort/);
    const wrongSetup = await own.post("/api/v1/staff/auth/totp/setup", { currentPassword: "falsch-falsch" });
    expect(wrongSetup.statusCode).toBe(400);
    expect(wrongSetup.json()).toMatchObject({
      error: "wrong_password",
      fields: { currentPassword: "Das aktuelle Passwort ist falsch." },
    });
    expect(await totpState(person.id)).toMatchObject({ enabled: false, secret: false });

    const setup = await own.post("/api/v1/staff/auth/totp/setup", { currentPassword: person.password });
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().secret as string;
    const noPassword = await own.post("/api/v1/staff/auth/totp/enable", { code: codeNow(secret) });
    expect(noPassword.statusCode).toBe(400);
    const wrongEnable = await own.post("/api/v1/staff/auth/totp/enable", {
      code: codeNow(secret),
      currentPassword: "falsch-falsch",
    });
    expect(wrongEnable.json().error).toBe("wrong_password");
    expect((await totpState(person.id)).enabled).toBe(false);
    const enable = await own.post("/api/v1/staff/auth/totp/enable", {
      code: codeNow(secret),
      currentPassword: person.password,
    });
    expect(enable.statusCode).toBe(200);

    nextStep();
    const wrongDisable = await own.post("/api/v1/staff/auth/totp/disable", {
      code: codeNow(secret),
      currentPassword: "falsch-falsch",
    });
    expect(wrongDisable.statusCode).toBe(400);
    expect(wrongDisable.json().error).toBe("wrong_password");
    expect((await totpState(person.id)).enabled).toBe(true);
    const disable = await own.post("/api/v1/staff/auth/totp/disable", {
      code: codeNow(secret),
      currentPassword: person.password,
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().totp_enabled).toBe(false);
    expect(await totpState(person.id)).toMatchObject({ enabled: false, secret: false });
  });

  it("limits wrong passwords like the password change (429 once the limit is spent)", async () => {
    const person = await createStaffMember(ctx.db, "hausmeister", [A]);
    const own = api(ctx.app, await staffLogin(ctx.app, person));
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await own.post("/api/v1/staff/auth/totp/setup", { currentPassword: `falsch-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const limited = await own.post("/api/v1/staff/auth/totp/setup", { currentPassword: person.password });
    expect(limited.statusCode).toBe(429);
    // The password change shares the limit: guessing through either door counts.
    const change = await own.post("/api/v1/staff/auth/password", {
      currentPassword: person.password,
      newPassword: "ein-neues-passwort-1",
    });
    expect(change.statusCode).toBe(429);
  });
});

describe("Administrators keep their second factor", () => {
  it("refuses an Administrator's disable, read from the database (not the session)", async () => {
    const person = await enrolled("verwalter");
    const admin = await createStaffMember(ctx.db, "administrator");
    const promoted = await api(ctx.app, await staffLogin(ctx.app, admin)).patch(`/api/v1/staff/users/${person.id}`, {
      role: "administrator",
    });
    expect(promoted.statusCode).toBe(200);
    const token = await staffLogin(ctx.app, person);
    const res = await api(ctx.app, token).post("/api/v1/staff/auth/totp/disable", {
      code: codeNow(person.totpSecret),
      currentPassword: person.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Administratoren/);
    expect(await totpState(person.id)).toMatchObject({ role: "administrator", enabled: true });
  });

  it("sends an Administrator without a second factor to enrolment at sign-in, then signs in with it", async () => {
    const person = await createStaffMember(ctx.db, "verwalter", [A]);
    // An Administrator without a second factor (data from before the rule, or written by hand).
    await ctx.db.updateTable("staff_users").set({ role: "administrator" }).where("id", "=", person.id).execute();
    const credentials = { email: person.email, password: person.password };
    const refused = await loginWith(credentials);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "totp_enrolment_required" });
    expect(refused.json().message).toMatch(/zweiten Faktor/);
    expect(refused.json().token).toBeUndefined();

    const enrol = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/staff/auth/login/totp-setup",
        headers: { "x-api-key": API_KEY },
        payload,
        remoteAddress: remoteAddress(),
      });
    const wrong = await enrol({ ...credentials, password: "falsch-falsch" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe("invalid_credentials");
    const setup = await enrol(credentials);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json().otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const secret = setup.json().secret as string;
    // Asking again (a reload) shows the same key that is being set up.
    expect((await enrol(credentials)).json().secret).toBe(secret);

    expect((await loginWith({ ...credentials, totp: "000000" })).statusCode).toBe(401);
    expect(await totpState(person.id)).toMatchObject({ enabled: false });
    const signedIn = await loginWith({ ...credentials, totp: codeNow(secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().staff).toMatchObject({ role: "administrator", totp_enabled: true });
    const audited = await ctx.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", person.id)
      .where("action", "=", "staff.totp_enabled")
      .execute();
    expect(audited).toHaveLength(1);
    // The enrolment endpoint serves only those who must enrol.
    expect((await enrol(credentials)).statusCode).toBe(409);
  });

  it("signs the demo Administrator in with the key README prints, once per code", async () => {
    const { seedDemoStaffIfMissing, DEMO_ADMIN_EMAIL, DEMO_ADMIN_TOTP_SECRET, DEMO_STAFF_PASSWORD } = await import(
      "../src/db/seed/demo-staff.js"
    );
    await seedDemoStaffIfMissing(ctx.db);
    const credentials = { email: DEMO_ADMIN_EMAIL, password: DEMO_STAFF_PASSWORD };
    expect((await loginWith(credentials)).json().error).toBe("totp_required");
    const code = codeNow(DEMO_ADMIN_TOTP_SECRET);
    expect((await loginWith({ ...credentials, totp: code })).statusCode).toBe(200);
    expect((await loginWith({ ...credentials, totp: code })).statusCode).toBe(401);
  });

  it("gives the enrolment nothing to those who have no need (a Verwalter) and answers 409", async () => {
    const person = await createStaffMember(ctx.db, "verwalter", [A]);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/staff/auth/login/totp-setup",
      headers: { "x-api-key": API_KEY },
      payload: { email: person.email, password: person.password },
      remoteAddress: remoteAddress(),
    });
    expect(res.statusCode).toBe(409);
  });
});

/** Runs `work` in a transaction of its own connection that stays open until `commit` is called. */
function openTransaction(db: Db, work: (trx: Db) => Promise<unknown>) {
  let commit!: () => void;
  const committed = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let worked!: (pid: number) => void;
  const done = new Promise<number>((resolve) => {
    worked = resolve;
  });
  // A Kysely transaction: the repositories' withTransaction joins it instead of committing early.
  const finished = db.transaction().execute(async (trx) => {
    const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? -1;
    await work(trx);
    worked(pid);
    await committed;
  });
  return { done, commit, finished };
}

/** Waits until some statement is blocked by the transaction of `holderPid` (a lock wait, no sleep). */
async function untilBlockedBy(holderPid: number) {
  await expect
    .poll(
      async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where ${holderPid} = any(pg_blocking_pids(pid))`.execute(ctx.db)
        ).rows[0]?.n,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

describe.skipIf(!onPostgres)("disabling while an Administrator promotes the same person (PostgreSQL)", () => {
  it("refuses the disable that waited for the promotion: the new Administrator keeps the second factor", async () => {
    const person = await enrolled("verwalter");
    const admin = await createStaffMember(ctx.db, "administrator");
    const actor = { staffId: admin.id, name: "Chefin", ip: null };
    const promotion = openTransaction(ctx.db, async (trx) => {
      expect((await changeStaff(trx, person.id, { role: "administrator" }, actor)).kind).toBe("ok");
    });
    const holder = await promotion.done;
    const disabling = api(ctx.app, person.token).post("/api/v1/staff/auth/totp/disable", {
      code: codeNow(person.totpSecret),
      currentPassword: person.password,
    });
    await untilBlockedBy(holder);
    promotion.commit();
    await promotion.finished;
    const res = await disabling;
    expect(res.statusCode).toBe(403);
    expect(await totpState(person.id)).toEqual({ role: "administrator", enabled: true, secret: true });
  });

  it("refuses the promotion that waited for the disable: nobody becomes Administrator without it", async () => {
    const person = await enrolled("verwalter");
    const admin = await createStaffMember(ctx.db, "administrator");
    const adminToken = await staffLogin(ctx.app, admin);
    const disabling = openTransaction(ctx.db, async (trx) => {
      expect(await disableTotp(trx, person.id, codeNow(person.totpSecret))).toBe("ok");
    });
    const holder = await disabling.done;
    const promoting = api(ctx.app, adminToken).patch(`/api/v1/staff/users/${person.id}`, { role: "administrator" });
    await untilBlockedBy(holder);
    disabling.commit();
    await disabling.finished;
    const res = await promoting;
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.role).toMatch(/zweiten Faktor/);
    expect(await totpState(person.id)).toEqual({ role: "verwalter", enabled: false, secret: false });
  });
});
