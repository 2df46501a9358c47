import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ACCESS_MONTHS_AFTER_TENANCY, LOGIN_WINDOW_SECONDS, type User } from "@mieter-portal/contracts";
import { type ExpressionBuilder, sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import { prepareQuery } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";
import { addMonths, berlinToday, nowIso } from "../../lib/time.js";
import { currentTenancyIdFor } from "./current-tenancy.js";

/** The end a running tenancy counts with when the latest end decides (portal access, audiences). */
export const OPEN_END = "9999-12-31";

/** Latest end of any of the tenant's tenancies ("9999-12-31" while one runs), or null without tenancy. */
function accessBaseEnd(eb: ExpressionBuilder<Database, "tenants">) {
  return eb
    .selectFrom("tenancies")
    .select((eb) => eb.fn.max(eb.fn.coalesce("tenancies.end_date", sql.lit(OPEN_END))).as("end"))
    .whereRef("tenancies.tenant_id", "=", "tenants.id");
}

export function hasPortalAccess(accessBaseEnd: string | null, today?: string): boolean {
  if (!accessBaseEnd) return false;
  if (accessBaseEnd === OPEN_END) return true;
  return addMonths(accessBaseEnd, ACCESS_MONTHS_AFTER_TENANCY) >= (today ?? berlinToday());
}

const sessionStateQuery = prepareQuery(["tenantId", "jti"], (db, p) =>
  db
    .selectFrom("tenants")
    .select((eb) => [
      "tenants.email",
      "tenants.first_name",
      "tenants.last_name",
      "tenants.password_changed_at",
      "tenants.session_version",
      accessBaseEnd(eb).as("access_base_end"),
      eb
        .exists(eb.selectFrom("revoked_tokens").select("revoked_tokens.jti").where("revoked_tokens.jti", "=", p.jti))
        .as("revoked"),
    ])
    .where("tenants.id", "=", p.tenantId),
);

/** Everything the authentication hook needs, in one query (run on every authenticated request). */
export async function findSessionState(db: Db, tenantId: string, jti: string) {
  const row = await sessionStateQuery.executeTakeFirst(db, { tenantId, jti });
  return row ? { ...row, revoked: Boolean(row.revoked) } : undefined;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findTenantForLogin(db: Db, email: string) {
  return db
    .selectFrom("tenants")
    .select((eb) => [
      "tenants.id",
      "tenants.password_hash",
      "tenants.session_version",
      accessBaseEnd(eb).as("access_base_end"),
    ])
    .where("tenants.email_normalized", "=", normalizeEmail(email))
    .executeTakeFirst();
}

const userQuery = prepareQuery(["tenantId"], (db, p) =>
  db
    .selectFrom("tenants")
    .leftJoin("tenancies as current", (join) =>
      join.on((eb) => eb("current.id", "=", currentTenancyIdFor(db, "tenants.id"))),
    )
    .select([
      "tenants.id",
      "tenants.email",
      "tenants.first_name",
      "tenants.last_name",
      "current.address",
      "current.apartment_number",
    ])
    .where("tenants.id", "=", p.tenantId),
);

/** The user record of spec section 3 (both name spellings) with the current tenancy's address. */
export async function findUser(db: Db, tenantId: string): Promise<User | undefined> {
  const row = await userQuery.executeTakeFirst(db, { tenantId });
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    first_name: row.first_name,
    last_name: row.last_name,
    address: row.address ?? null,
    apartment_number: row.apartment_number ?? null,
  };
}

/**
 * Attempts counted per scope: logins per account and per IP, checks of the current password per
 * tenant, reset requests per address and per IP (tenants' and staff's apart).
 */
export type AttemptScope =
  | "account"
  | "ip"
  | "password"
  | "reset"
  | "reset-ip"
  | "staff"
  | "staff-password"
  | "staff-reset"
  | "staff-reset-ip";

export interface AttemptClaim {
  ids: string[];
  /** False when one of the subjects already had `limit` attempts in the window: do not go on. */
  allowed: boolean;
}

/**
 * Claims one attempt for each subject before the guarded work runs. Counting and claiming happen in
 * one transaction that holds a lock per subject (PostgreSQL: a transaction-scoped advisory lock,
 * shared by every process on the database; SQLite: the transaction has the only connection), so
 * however many requests race, exactly `limit` of them are allowed within the window.
 */
export async function claimAttempts(
  db: Db,
  subjects: { scope: AttemptScope; subject: string }[],
  limit: number,
  windowSeconds: number,
): Promise<AttemptClaim> {
  const since = new Date(Date.now() - windowSeconds * 1000).toISOString();
  return withTransaction(db, async (trx) => {
    if (isPostgres(trx)) {
      // One lock per subject, taken in a fixed order so two claims never wait for each other.
      for (const name of subjects.map((s) => `${s.scope}:${s.subject}`).sort()) {
        await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
      }
    }
    for (const s of subjects) {
      const row = await trx
        .selectFrom("login_attempts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("scope", "=", s.scope)
        .where("subject", "=", s.subject)
        .where("attempted_at", ">", since)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= limit) return { ids: [], allowed: false };
    }
    const at = nowIso();
    const rows = subjects.map((s) => ({ id: randomUUID(), scope: s.scope, subject: s.subject, attempted_at: at }));
    await trx.insertInto("login_attempts").values(rows).execute();
    return { ids: rows.map((r) => r.id), allowed: true };
  });
}

/** Takes back claims that turned out fine (a correct password), so only failures count. */
export async function releaseAttempts(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("login_attempts").where("id", "in", ids).execute();
}

/** After a successful login the account's earlier failures no longer count. */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where("scope", "=", "account")
    .where("subject", "=", normalizeEmail(email))
    .execute();
}

/** Old attempts are useless; keeps the table small (run now and then, not on every request). */
export async function purgeOldAttempts(db: Db): Promise<void> {
  const cutoff = new Date(Date.now() - 2 * LOGIN_WINDOW_SECONDS * 1000).toISOString();
  await db.deleteFrom("login_attempts").where("attempted_at", "<", cutoff).execute();
}

export async function revokeToken(db: Db, tenantId: string, jti: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto("revoked_tokens")
    .values({ jti, tenant_id: tenantId, expires_at: expiresAt.toISOString(), revoked_at: nowIso() })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute();
  await db.deleteFrom("revoked_tokens").where("expires_at", "<", nowIso()).execute();
}

export async function findPasswordHash(db: Db, tenantId: string): Promise<string | undefined> {
  const row = await db.selectFrom("tenants").select("password_hash").where("id", "=", tenantId).executeTakeFirst();
  return row?.password_hash;
}

/**
 * Sets a new password and raises the session version: every token issued before stops working
 * (the caller hands a new one, of the returned version, to the session that made the change), and
 * so does every reset link not used yet.
 */
export async function setPassword(db: Db, tenantId: string, passwordHash: string): Promise<number> {
  return withTransaction(db, async (trx) => {
    const now = nowIso();
    // Whole seconds, like a token's iat: a token issued right after the change is not older than it.
    const changedAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const row = await trx
      .updateTable("tenants")
      .set((eb) => ({
        password_hash: passwordHash,
        password_changed_at: changedAt,
        session_version: eb("session_version", "+", 1),
      }))
      .where("id", "=", tenantId)
      .returning("session_version")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: now })
      .where("tenant_id", "=", tenantId)
      .where("used_at", "is", null)
      .execute();
    return row.session_version;
  });
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Creates a one-time reset token; only its hash is stored. */
export async function createResetToken(db: Db, tenantId: string, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("password_reset_tokens")
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/** Marks the token used and returns its tenant, or undefined when unknown, used or expired. */
export async function consumeResetToken(db: Db, token: string): Promise<string | undefined> {
  return withTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("password_reset_tokens")
      .select(["id", "tenant_id", "expires_at", "used_at"])
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at < nowIso()) return undefined;
    const updated = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: nowIso() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1 ? row.tenant_id : undefined;
  });
}
