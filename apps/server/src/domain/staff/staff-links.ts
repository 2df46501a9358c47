import { randomBytes, randomUUID } from "node:crypto";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { enableTotp, hashToken, setStaffPassword } from "./staff.js";

/**
 * Staff one-time links (decision 033): the invitation (first password) and the forgotten-password
 * link; only their hashes are stored. Split from staff.ts (decision 037).
 */

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
