import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { type BuildOptions, buildApp } from "../src/app.js";
import { type AppConfig, loadConfig } from "../src/config.js";
import { type Db, type DbHandle, openDatabase } from "../src/db/connection.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { createStaff } from "../src/domain/staff/staff-members.js";
import { insertTenancy, insertTenant } from "../src/domain/tenants/rows.js";
import { hashPassword } from "../src/lib/passwords.js";
import { nowIso } from "../src/lib/time.js";
import { newTotpSecret, totpCodeNow } from "../src/lib/totp.js";

export const API_KEY = DEFAULT_CLIENT_API_KEY;
export const TEST_PASSWORD = "richtig-geheim-1";

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: a SQLite file in a temp dir, or — when TEST_DATABASE_URL is
 * set — a schema of its own in that PostgreSQL database, dropped again on close.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, "mailer" | "logger" | "pushAgent"> = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mp-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-test-secret-test-secret-123",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    WEB_DIST: path.join(dataDir, "no-web"),
    CONSOLE_DIST: path.join(dataDir, "no-console"),
    CREW_DIST: path.join(dataDir, "no-crew"),
    // Every test request comes from one address; the rate-limit tests set their own limits.
    RATE_LIMIT_IP_PER_MINUTE: "0",
    RATE_LIMIT_TENANT_PER_MINUTE: "0",
    // Tests send the notification outbox themselves (app.notifications.runOnce()).
    NOTIFY_INTERVAL_MS: "0",
    ...env,
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  let database: DbHandle;
  let dropSchema: (() => Promise<void>) | undefined;
  if (pgUrl) {
    const schema = `t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    config.database = { kind: "postgres", url: pgUrl, schema };
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
  database = openDatabase(config.database);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database, logger: false, ...options });
    await app.ready();
  } catch (err) {
    await database.destroy();
    await dropSchema?.();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    db: database.db,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.destroy();
      await dropSchema?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TenantFixture {
  id: string;
  tenancyId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let passwordHash: Promise<string> | undefined;

/** A tenant with a running tenancy (rent 550 + 200, SEPA, due on the 3rd), through domain/tenants/rows.ts. */
export async function createTenant(
  db: Db,
  overrides: Partial<{
    email: string;
    firstName: string;
    lastName: string;
    endDate: string | null;
    address: string;
    apartment: string;
  }> = {},
): Promise<TenantFixture> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `mieter-${randomUUID().slice(0, 8)}@example.com`;
  const firstName = overrides.firstName ?? "Erika";
  const lastName = overrides.lastName ?? "Mustermann";
  const now = nowIso();
  const id = await insertTenant(db, {
    email,
    passwordHash: await passwordHash,
    firstName,
    lastName,
    passwordChangedAt: "2000-01-01T00:00:00.000Z",
    createdAt: now,
  });
  const tenancyId = await insertTenancy(db, id, {
    address: overrides.address ?? "Lindenstraße 5, 10969 Berlin",
    apartmentNumber: overrides.apartment ?? "2. OG links",
    startDate: "2020-01-01",
    endDate: overrides.endDate ?? null,
    baseRentCents: 55_000,
    utilitiesCents: 20_000,
    paymentMethod: "sepa_direct_debit",
    dueDay: 3,
    ibanLast4: "4321",
    createdAt: now,
  });
  return { id, tenancyId, email, password: TEST_PASSWORD, firstName, lastName };
}

/** Signs in through the real endpoint and returns the token. */
export async function login(app: FastifyInstance, tenant: Pick<TenantFixture, "email" | "password">): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: { "x-api-key": API_KEY },
    payload: { email: tenant.email, password: tenant.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** app.inject with the API key and, when given, the bearer token. */
export function api(app: FastifyInstance, token?: string) {
  const headers = (extra?: InjectOptions["headers"]) => ({
    "x-api-key": API_KEY,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(extra ?? {}),
  });
  return {
    get: (url: string, extra?: InjectOptions["headers"]) => app.inject({ method: "GET", url, headers: headers(extra) }),
    post: (url: string, payload?: InjectOptions["payload"], extra?: InjectOptions["headers"]) =>
      app.inject({ method: "POST", url, headers: headers(extra), payload }),
    patch: (url: string, payload?: InjectOptions["payload"], extra?: InjectOptions["headers"]) =>
      app.inject({ method: "PATCH", url, headers: headers(extra), payload }),
    inject: (opts: InjectOptions) => app.inject({ ...opts, headers: headers(opts.headers) }),
  };
}

/** A well-formed id that belongs to nobody. */
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

export interface StaffFixture {
  id: string;
  email: string;
  password: string;
  totpSecret?: string;
}

let staffPasswordHash: Promise<string> | undefined;
export const STAFF_PASSWORD = "verwaltung-geheim-1";

/** A staff member who can sign in; Administrators get a second factor (as they must). */
export async function createStaffMember(
  db: Db,
  role: "administrator" | "verwalter" | "hausmeister",
  buildingAddresses: string[] = [],
): Promise<StaffFixture> {
  staffPasswordHash ??= hashPassword(STAFF_PASSWORD);
  const suffix = randomUUID().slice(0, 8);
  const email = `${role}-${suffix}@verwaltung.example`;
  const buildingIds = await Promise.all(buildingAddresses.map((a) => ensureBuilding(db, a)));
  const totpSecret = role === "administrator" ? newTotpSecret() : undefined;
  const id = await createStaff(db, {
    email,
    name: `Person ${suffix}`,
    role,
    buildingIds,
    passwordHash: await staffPasswordHash,
    totpSecret: totpSecret ?? null,
    totpEnabled: Boolean(totpSecret),
  });
  return { id, email, password: STAFF_PASSWORD, totpSecret };
}

/** Signs a staff member in through the real endpoint (with a current TOTP code when needed). */
export async function staffLogin(app: FastifyInstance, staff: StaffFixture): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/staff/auth/login",
    headers: { "x-api-key": API_KEY },
    payload: {
      email: staff.email,
      password: staff.password,
      ...(staff.totpSecret ? { totp: totpCodeNow(staff.totpSecret) } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}
