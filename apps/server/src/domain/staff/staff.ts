import { createHash, randomBytes, randomUUID } from "node:crypto";
import { roleRequiresTotp, type StaffMember, type StaffProfile, type StaffRole } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import { isPostgres, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { verifyTotp } from "../../lib/totp.js";

/** Staff accounts, their buildings, one-time links and revoked tokens (the only writer of these tables). */

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

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
    role: row.role as StaffRole,
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
    if (roleRequiresTotp(row.role as StaffRole)) return "mandatory";
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

/** What a staff_tokens row is for: an invitation (first password) or a forgotten password (decision 033). */
export const STAFF_TOKEN_PURPOSE = { invite: "invite", passwordReset: "password_reset" } as const;

/** A one-time link (invitation: set the first password); only its hash is stored. */
export async function createStaffLink(db: Db, staffId: string, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await withTransaction(db, async (trx) => {
    // A new link replaces the old ones.
    await trx
      .updateTable("staff_tokens")
      .set({ used_at: nowIso() })
      .where("staff_id", "=", staffId)
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("staff_tokens")
      .values({
        id: randomUUID(),
        staff_id: staffId,
        token_hash: hashToken(token),
        purpose: STAFF_TOKEN_PURPOSE.invite,
        expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
        used_at: null,
        created_at: nowIso(),
      })
      .execute();
  });
  return token;
}

/**
 * The account a valid, unused invitation link belongs to (not consumed). Only invitations: a
 * password-reset link must never reach the invitation's acceptance, which signs in (decision 033).
 */
export async function findStaffByLink(db: Db, token: string) {
  return db
    .selectFrom("staff_tokens")
    .innerJoin("staff_users", "staff_users.id", "staff_tokens.staff_id")
    .select([
      "staff_tokens.id as link_id",
      "staff_users.id",
      "staff_users.email",
      "staff_users.name",
      "staff_users.role",
      "staff_users.active",
      "staff_users.totp_secret",
      "staff_users.totp_enabled",
    ])
    .where("staff_tokens.token_hash", "=", hashToken(token))
    .where("staff_tokens.purpose", "=", STAFF_TOKEN_PURPOSE.invite)
    .where("staff_tokens.used_at", "is", null)
    .where("staff_tokens.expires_at", ">", nowIso())
    .executeTakeFirst();
}

/** Marks the link used; false when another request used it first. */
async function consumeStaffLink(db: Db, linkId: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_tokens")
    .set({ used_at: nowIso() })
    .where("id", "=", linkId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Accepts an invitation: the link is used, the first password set and, where the second factor is
 * required, the pending one switched on with its first code; all of it, or nothing.
 */
export async function acceptStaffInvitation(
  db: Db,
  link: { link_id: string; id: string },
  passwordHash: string,
  totp: { secret: string; step: number } | null,
): Promise<{ version: number } | "link_used" | "code_used"> {
  const outcome = await withTransaction(db, async (trx) => {
    if (!(await consumeStaffLink(trx, link.link_id))) throw new InvitationRefused("link_used");
    const version = await setStaffPassword(trx, link.id, passwordHash);
    if (totp && !(await enableTotp(trx, link.id, totp.secret, totp.step))) throw new InvitationRefused("code_used");
    return { version };
  }).catch((err: unknown) => {
    if (err instanceof InvitationRefused) return err.reason;
    throw err;
  });
  return outcome;
}

/** Rolls the invitation's transaction back with the reason it was refused. */
class InvitationRefused extends Error {
  constructor(readonly reason: "link_used" | "code_used") {
    super(reason);
  }
}

/**
 * A password-reset link ("Passwort vergessen?", decision 033); only its hash is stored. Links asked
 * for earlier stay valid until one is used, as the tenants' do: the new password ends them all
 * (setStaffPassword).
 */
export async function createStaffResetLink(db: Db, staffId: string, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("staff_tokens")
    .values({
      id: randomUUID(),
      staff_id: staffId,
      token_hash: hashToken(token),
      purpose: STAFF_TOKEN_PURPOSE.passwordReset,
      expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

export type StaffResetLink =
  | { state: "valid"; linkId: string; staffId: string; email: string; name: string }
  | { state: "invalid" | "expired" | "used" | "inactive" };

/**
 * What a reset link is worth now (not consumed): unknown (or an invitation's), used (or ended by a
 * later password change or invitation), expired, for a deactivated account, or valid.
 */
export async function findStaffResetLink(db: Db, token: string): Promise<StaffResetLink> {
  const row = await db
    .selectFrom("staff_tokens")
    .innerJoin("staff_users", "staff_users.id", "staff_tokens.staff_id")
    .select([
      "staff_tokens.id as link_id",
      "staff_tokens.used_at",
      "staff_tokens.expires_at",
      "staff_users.id",
      "staff_users.email",
      "staff_users.name",
      "staff_users.active",
      "staff_users.password_hash",
    ])
    .where("staff_tokens.token_hash", "=", hashToken(token))
    .where("staff_tokens.purpose", "=", STAFF_TOKEN_PURPOSE.passwordReset)
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (row.used_at) return { state: "used" };
  if (row.expires_at <= nowIso()) return { state: "expired" };
  if (row.active !== 1 || !row.password_hash) return { state: "inactive" };
  return { state: "valid", linkId: row.link_id, staffId: row.id, email: row.email, name: row.name };
}

/**
 * Marks a reset link used if it still is unused and unexpired; false when a parallel request used it
 * first (on PostgreSQL the second UPDATE waits for the first's row lock, then no longer matches).
 */
export async function consumeStaffResetLink(db: Db, linkId: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_tokens")
    .set({ used_at: nowIso() })
    .where("id", "=", linkId)
    .where("purpose", "=", STAFF_TOKEN_PURPOSE.passwordReset)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  buildingIds: string[];
  passwordHash?: string | null;
  totpSecret?: string | null;
  totpEnabled?: boolean;
}

export async function createStaff(db: Db, input: NewStaff): Promise<string> {
  const id = randomUUID();
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto("staff_users")
      .values({
        id,
        email: input.email.trim(),
        email_normalized: normalizeStaffEmail(input.email),
        name: input.name,
        role: input.role,
        active: 1,
        password_hash: input.passwordHash ?? null,
        password_changed_at: input.passwordHash ? nowIso() : null,
        totp_secret: input.totpSecret ?? null,
        totp_enabled: input.totpEnabled ? 1 : 0,
        last_digest_at: null,
        created_at: nowIso(),
      })
      .execute();
    await setStaffBuildings(trx, id, input.buildingIds);
  });
  return id;
}

export async function setStaffBuildings(db: Db, staffId: string, buildingIds: string[]): Promise<void> {
  await db.deleteFrom("staff_buildings").where("staff_id", "=", staffId).execute();
  if (buildingIds.length === 0) return;
  await db
    .insertInto("staff_buildings")
    .values([...new Set(buildingIds)].map((building_id) => ({ staff_id: staffId, building_id })))
    .execute();
}

export async function updateStaff(
  db: Db,
  staffId: string,
  changes: { name?: string; role?: StaffRole; active?: boolean; buildingIds?: string[] },
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const set: { name?: string; role?: string; active?: number } = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.role !== undefined) set.role = changes.role;
    if (changes.active !== undefined) set.active = changes.active ? 1 : 0;
    if (Object.keys(set).length > 0) {
      // A role or access change ends the member's sessions: they sign in again with what they now may.
      await trx
        .updateTable("staff_users")
        .set((eb) => ({ ...set, session_version: eb("session_version", "+", 1) }))
        .where("id", "=", staffId)
        .execute();
    }
    if (changes.buildingIds) await setStaffBuildings(trx, staffId, changes.buildingIds);
  });
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "role", "active", "password_hash", "totp_enabled", "created_at"])
    .orderBy("name")
    .execute();
  const buildings = await db
    .selectFrom("staff_buildings")
    .innerJoin("buildings", "buildings.id", "staff_buildings.building_id")
    .select(["staff_buildings.staff_id", "buildings.id", "buildings.name"])
    .orderBy("buildings.name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role as StaffRole,
    active: r.active === 1,
    buildings: buildings.filter((b) => b.staff_id === r.id).map((b) => ({ id: b.id, name: b.name })),
    totp_enabled: r.totp_enabled === 1,
    status: r.active !== 1 ? "inactive" : r.password_hash ? "active" : "invited",
    created_at: r.created_at,
  }));
}

export async function findStaffMember(db: Db, staffId: string): Promise<StaffMember | undefined> {
  return (await listStaff(db)).find((m) => m.id === staffId);
}

/** Staff who may be assigned an item in the building (Administrators, and those of the building). */
export async function colleaguesFor(db: Db, buildingIds: string[] | "all") {
  let query = db
    .selectFrom("staff_users")
    .select(["staff_users.id", "staff_users.name", "staff_users.role"])
    .where("staff_users.active", "=", 1)
    .where("staff_users.password_hash", "is not", null);
  if (buildingIds !== "all") {
    query = query.where((eb) =>
      eb.or([
        eb("staff_users.role", "=", "administrator"),
        ...(buildingIds.length > 0
          ? [
              eb.exists(
                eb
                  .selectFrom("staff_buildings")
                  .select("staff_buildings.staff_id")
                  .whereRef("staff_buildings.staff_id", "=", "staff_users.id")
                  .where("staff_buildings.building_id", "in", buildingIds),
              ),
            ]
          : []),
      ]),
    );
  }
  return query.orderBy("staff_users.name").execute();
}

/** Staff to tell about new tenant input in a building: active, notifications on, and allowed to see it. */
export async function staffToNotify(db: Db, buildingId: string | null) {
  const rows = await db
    .selectFrom("staff_users")
    .select(["staff_users.id", "staff_users.email", "staff_users.name", "staff_users.role"])
    .where("staff_users.active", "=", 1)
    .where("staff_users.notify_new_items", "=", 1)
    .where("staff_users.password_hash", "is not", null)
    .where((eb) =>
      eb.or([
        eb("staff_users.role", "=", "administrator"),
        ...(buildingId
          ? [
              eb.exists(
                eb
                  .selectFrom("staff_buildings")
                  .select("staff_buildings.staff_id")
                  .whereRef("staff_buildings.staff_id", "=", "staff_users.id")
                  .where("staff_buildings.building_id", "=", buildingId),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  return rows.map((r) => ({ ...r, role: r.role as StaffRole }));
}

export async function findStaffNameAndRole(db: Db, staffId: string) {
  return db.selectFrom("staff_users").select(["name", "role"]).where("id", "=", staffId).executeTakeFirst();
}

/** The staff member's digest of new tenant input went out now (notification worker). */
export async function markDigestSent(db: Db, staffId: string): Promise<void> {
  await db.updateTable("staff_users").set({ last_digest_at: nowIso() }).where("id", "=", staffId).execute();
}
