import { createHash } from "node:crypto";
import { roleRequiresTotp, type StaffProfile } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import { isPostgres, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { verifyTotp } from "../../lib/totp.js";

/** Staff accounts, their buildings, one-time links and revoked tokens (the only writer of these tables). */

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase();
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function findStaffForLogin(db: Db, email: string) {
  return db
    .selectFrom("staff_users")
    .select([
      "id",
      "email",
      "name",
      "role",
      "active",
      "password_hash",
      "session_version",
      "totp_secret",
      "totp_enabled",
    ])
    .where("email_normalized", "=", normalizeStaffEmail(email))
    .executeTakeFirst();
}

/** Everything the staff authentication hook needs, in two small queries. */
export async function findStaffSession(db: Db, staffId: string, jti: string) {
  const row = await db
    .selectFrom("staff_users")
    .select((eb) => [
      "staff_users.id",
      "staff_users.email",
      "staff_users.name",
      "staff_users.role",
      "staff_users.active",
      "staff_users.session_version",
      eb
        .exists(
          eb
            .selectFrom("staff_revoked_tokens")
            .select("staff_revoked_tokens.jti")
            .where("staff_revoked_tokens.jti", "=", jti),
        )
        .as("revoked"),
    ])
    .where("staff_users.id", "=", staffId)
    .executeTakeFirst();
  if (!row) return undefined;
  const buildings = await staffBuildingIds(db, staffId);
  return { ...row, revoked: Boolean(row.revoked), active: row.active === 1, buildingIds: buildings };
}

export async function staffBuildingIds(db: Db, staffId: string): Promise<string[]> {
  const rows = await db.selectFrom("staff_buildings").select("building_id").where("staff_id", "=", staffId).execute();
  return rows.map((r) => r.building_id);
}

export async function findStaffProfile(db: Db, staffId: string): Promise<StaffProfile | undefined> {
  const row = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "role", "totp_enabled", "notify_new_items"])
    .where("id", "=", staffId)
    .executeTakeFirst();
  if (!row) return undefined;
  const buildings = await db
    .selectFrom("staff_buildings")
    .innerJoin("buildings", "buildings.id", "staff_buildings.building_id")
    .select(["buildings.id", "buildings.name"])
    .where("staff_buildings.staff_id", "=", staffId)
    .orderBy("buildings.name")
    .execute();
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    buildings,
    totp_enabled: row.totp_enabled === 1,
    notify_new_items: row.notify_new_items === 1,
  };
}

export async function revokeStaffToken(db: Db, staffId: string, jti: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto("staff_revoked_tokens")
    .values({ jti, staff_id: staffId, expires_at: expiresAt.toISOString(), revoked_at: nowIso() })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute();
  await db.deleteFrom("staff_revoked_tokens").where("expires_at", "<", nowIso()).execute();
}

/** Sets the password; every older token of the account stops working. Returns the new session version. */
export async function setStaffPassword(db: Db, staffId: string, passwordHash: string): Promise<number> {
  return withTransaction(db, async (trx) => {
    const changedAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const row = await trx
      .updateTable("staff_users")
      .set((eb) => ({
        password_hash: passwordHash,
        password_changed_at: changedAt,
        session_version: eb("session_version", "+", 1),
      }))
      .where("id", "=", staffId)
      .returning("session_version")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("staff_tokens")
      .set({ used_at: nowIso() })
      .where("staff_id", "=", staffId)
      .where("used_at", "is", null)
      .execute();
    return row.session_version;
  });
}

export async function findStaffPasswordHash(db: Db, staffId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom("staff_users").select("password_hash").where("id", "=", staffId).executeTakeFirst();
  return row?.password_hash;
}

/**
 * Stores a secret to enrol (not active until confirmed with a code: enableTotp); never replaces a
 * second factor that is on. False when it is on.
 */
export async function setPendingTotpSecret(db: Db, staffId: string, secret: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_users")
    .set({ totp_secret: secret, totp_enabled: 0, totp_last_step: null })
    .where("id", "=", staffId)
    .where("totp_enabled", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the code's time step if it is later than the last one used (RFC 6238 §5.2), in one
 * conditional UPDATE: of parallel sign-ins with one code exactly one changes the row (on PostgreSQL
 * the others wait for its row lock, then no longer match). False: the code was used already.
 */
export async function useTotpStep(db: Db, staffId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable("staff_users")
    .set({ totp_last_step: step })
    .where("id", "=", staffId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Switches the pending second factor on with a code of the step `step` (spent by it), if the secret
 * is still the one the code was checked against. False: set up anew meanwhile, on already, or the
 * code was used.
 */
export async function enableTotp(db: Db, staffId: string, secret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable("staff_users")
    .set({ totp_enabled: 1, totp_last_step: step })
    .where("id", "=", staffId)
    .where("totp_secret", "=", secret)
    .where("totp_enabled", "=", 0)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The account's role and second factor, its row locked until the transaction ends (PostgreSQL; SQLite
 * runs one transaction at a time). Whatever decides on "Administrators keep their second factor"
 * reads here first: disabling it (disableTotp) and changing the role (staff-admin changeStaff).
 */
export async function lockStaffRow(trx: Db, staffId: string) {
  const query = trx
    .selectFrom("staff_users")
    .select(["id", "role", "totp_secret", "totp_enabled"])
    .where("id", "=", staffId);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

type DisableTotpResult = "ok" | "not_found" | "mandatory" | "not_enabled" | "code_invalid" | "code_used";

/**
 * Switches the second factor off with a current code: the role and state are read under the row
 * lock, so a promotion to Administrator at the same moment either comes first (then this refuses:
 * Administrators keep it) or waits and finds no second factor (then it refuses).
 */
export async function disableTotp(db: Db, staffId: string, code: string): Promise<DisableTotpResult> {
  return withTransaction(db, async (trx): Promise<DisableTotpResult> => {
    const row = await lockStaffRow(trx, staffId);
    if (!row) return "not_found";
    if (roleRequiresTotp(row.role)) return "mandatory";
    if (row.totp_enabled !== 1 || !row.totp_secret) return "not_enabled";
    const step = verifyTotp(row.totp_secret, code);
    if (step === null) return "code_invalid";
    if (!(await useTotpStep(trx, staffId, step))) return "code_used";
    await trx
      .updateTable("staff_users")
      .set({ totp_secret: null, totp_enabled: 0, totp_last_step: null })
      .where("id", "=", staffId)
      .execute();
    return "ok";
  });
}

/**
 * An Administrator's reset of a colleague's lost second factor (issue 25 item 22): the secret is gone,
 * every session of the account ends (its version rises), and the next sign-in sets it up anew
 * (Administrators must; the others may in their profile). In the caller's transaction, after lockStaffRow.
 */
export async function resetTotp(trx: Db, staffId: string): Promise<void> {
  await trx
    .updateTable("staff_users")
    .set((eb) => ({
      totp_secret: null,
      totp_enabled: 0,
      totp_last_step: null,
      session_version: eb("session_version", "+", 1),
    }))
    .where("id", "=", staffId)
    .execute();
}

export async function findTotp(db: Db, staffId: string) {
  return db
    .selectFrom("staff_users")
    .select(["totp_secret", "totp_enabled", "role", "email"])
    .where("id", "=", staffId)
    .executeTakeFirst();
}

export async function setNotifyNewItems(db: Db, staffId: string, on: boolean): Promise<void> {
  await db
    .updateTable("staff_users")
    .set({ notify_new_items: on ? 1 : 0 })
    .where("id", "=", staffId)
    .execute();
}
