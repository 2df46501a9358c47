import { STAFF_RESET_TOKEN_TTL_SECONDS } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { recordAudit } from "../audit/audit.js";
import { findStaffForLogin, setStaffPassword } from "./staff.js";
import { consumeStaffResetLink, createStaffResetLink, findStaffResetLink } from "./staff-links.js";

/**
 * "Passwort vergessen?" for staff (issue 25 item 22, decision 033): a one-time link by mail, then a
 * new password. The link only sets the password; it never signs in (the invitation's acceptance
 * does, and must not be reachable with it): the staff member then signs in as usual, with the
 * second factor where it is on. Tokens are written by repositories/staff.ts alone.
 */

/**
 * A reset link for an active account with a password, with its audit entry; null for an unknown
 * address, a deactivated account or one still invited (its invitation sets the first password).
 */
export async function startStaffPasswordReset(
  db: Db,
  email: string,
  ip: string,
): Promise<{ to: string; name: string; token: string } | null> {
  const staff = await findStaffForLogin(db, email);
  if (staff?.active !== 1 || !staff.password_hash) return null;
  return withTransaction(db, async (trx) => {
    const token = await createStaffResetLink(trx, staff.id, STAFF_RESET_TOKEN_TTL_SECONDS);
    await recordAudit(
      trx,
      { staffId: staff.id, name: staff.name, ip },
      { action: "staff.password_reset_requested", entityType: "staff", entityId: staff.id, after: { email } },
    );
    return { to: staff.email, name: staff.name, token };
  });
}

export type StaffPasswordResetResult =
  | { kind: "ok"; staffId: string }
  | { kind: "invalid" | "expired" | "used" | "inactive" };

/**
 * Sets the new password with a reset link, all in one transaction: the link is used, every other
 * link of the account (reset or invitation) ends, every session ends (the session version rises),
 * and the audit log says so.
 */
export async function finishStaffPasswordReset(
  db: Db,
  token: string,
  passwordHash: string,
  ip: string,
): Promise<StaffPasswordResetResult> {
  return withTransaction(db, async (trx): Promise<StaffPasswordResetResult> => {
    const link = await findStaffResetLink(trx, token);
    if (link.state !== "valid") return { kind: link.state };
    if (!(await consumeStaffResetLink(trx, link.linkId))) return { kind: "used" };
    await setStaffPassword(trx, link.staffId, passwordHash);
    await recordAudit(
      trx,
      { staffId: link.staffId, name: link.name, ip },
      { action: "staff.password_reset", entityType: "staff", entityId: link.staffId },
    );
    return { kind: "ok", staffId: link.staffId };
  });
}
