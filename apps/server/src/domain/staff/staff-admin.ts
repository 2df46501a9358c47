import { STAFF_BUILDINGS_NEEDED, STAFF_INVITATION_TTL_SECONDS, type StaffRole } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import { removeAllDevicesOf } from "../push/subscriptions.js";
import { buildingsExist } from "./buildings.js";
import { staffInvitationMail } from "./mails.js";
import { findStaffForLogin, lockStaffRow, resetTotp, staffBuildingIds } from "./staff.js";
import { createStaffLink } from "./staff-links.js";
import { createStaff, updateStaff } from "./staff-members.js";

/**
 * Administrators manage the staff (issue 11 §1): invite new members (no password: a one-time link
 * by e-mail, 72 hours), change name, role, buildings and the active flag, send a new invitation.
 * Every change is audited with before → after in the change's transaction.
 */

export const STAFF_INVITATION_KIND = "staff_invitation";

export type StaffAdminResult<T = undefined> =
  | { kind: "ok"; value: T }
  | { kind: "not_found" }
  | { kind: "conflict"; message: string }
  | { kind: "invalid"; message: string; field: string };

const UNKNOWN_BUILDING = "Unbekanntes Gebäude.";

/** The link the invitation page reads (the token stays in the fragment: never sent to a server log). */
export const invitationLink = (mail: MailContext, token: string) =>
  `${mail.publicUrl}/verwaltung/einladung#token=${token}`;

/** A new link (older ones stop working) and its mail, sent on its own (not in a digest). */
async function sendInvitation(
  trx: Db,
  staff: { id: string; email: string; name: string; role: StaffRole },
  invitedBy: string,
  mail: MailContext,
): Promise<string> {
  const token = await createStaffLink(trx, staff.id, STAFF_INVITATION_TTL_SECONDS);
  const expiresAt = new Date(Date.now() + STAFF_INVITATION_TTL_SECONDS * 1000).toISOString();
  const invitation = staffInvitationMail(
    mail,
    staff,
    invitedBy,
    invitationLink(mail, token),
    STAFF_INVITATION_TTL_SECONDS / 3600,
  );
  await enqueueMail(trx, {
    recipientKind: "staff",
    recipientId: staff.id,
    to: staff.email,
    kind: STAFF_INVITATION_KIND,
    subject: invitation.subject,
    body: invitation.body,
  });
  return expiresAt;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE";
};

/** Creates the member without password and mails the invitation; "email_taken" answers 409. */
export async function inviteStaff(
  db: Db,
  input: { email: string; name: string; role: StaffRole; building_ids: string[] },
  actor: AuditActor,
  mail: MailContext,
): Promise<StaffAdminResult<string>> {
  const taken = { kind: "conflict", message: "Für diese E-Mail-Adresse gibt es bereits ein Konto." } as const;
  if (await findStaffForLogin(db, input.email)) return taken;
  const buildingIds = input.role === "administrator" ? [] : [...new Set(input.building_ids)];
  if (!(await buildingsExist(db, buildingIds))) {
    return { kind: "invalid", message: UNKNOWN_BUILDING, field: "building_ids" };
  }
  try {
    return await withTransaction(db, async (trx) => {
      const id = await createStaff(trx, { email: input.email, name: input.name, role: input.role, buildingIds });
      const expiresAt = await sendInvitation(
        trx,
        { id, email: input.email, name: input.name, role: input.role },
        actor.name,
        mail,
      );
      // One entry for the one action (the link's expiry included, never the link itself).
      await recordAudit(trx, actor, {
        action: "staff.created",
        entityType: "staff",
        entityId: id,
        after: {
          email: input.email,
          name: input.name,
          role: input.role,
          building_ids: buildingIds,
          invitation_expires_at: expiresAt,
        },
      });
      return { kind: "ok" as const, value: id };
    });
  } catch (err) {
    // Two invitations for one address at the same moment: the unique e-mail lets one through.
    if (isUniqueViolation(err)) return taken;
    throw err;
  }
}

async function memberState(db: Db, staffId: string) {
  const row = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "role", "active", "password_hash", "totp_enabled"])
    .where("id", "=", staffId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    role: row.role,
    active: row.active === 1,
    building_ids: (await staffBuildingIds(db, staffId)).sort(),
  };
}

/**
 * Changes name, role, buildings or the active flag. An Administrator cannot deactivate or demote
 * themselves; only someone with a second factor becomes Administrator; Verwalter and Hausmeister
 * keep at least one building. A role or access change ends the member's sessions (updateStaff).
 * The member's row is locked first (lockStaffRow): a second factor switched off at the same moment
 * (staff.ts disableTotp) either waits for the promotion and is refused, or comes first and the
 * promotion, reading after it, is refused (decision 031).
 */
export async function changeStaff(
  db: Db,
  staffId: string,
  changes: { name?: string; role?: StaffRole; building_ids?: string[]; active?: boolean },
  actor: AuditActor,
): Promise<StaffAdminResult> {
  return withTransaction(db, async (trx): Promise<StaffAdminResult> => {
    await lockStaffRow(trx, staffId);
    const before = await memberState(trx, staffId);
    if (!before) return { kind: "not_found" };
    const self = actor.staffId === staffId;
    if (self && (changes.active === false || (changes.role !== undefined && changes.role !== before.role))) {
      const message = "Sie können sich nicht selbst deaktivieren oder Ihre eigene Rolle ändern.";
      return { kind: "invalid", message, field: changes.active === false ? "active" : "role" };
    }
    if (changes.role === "administrator" && before.role !== "administrator" && before.totp_enabled !== 1) {
      return {
        kind: "invalid",
        message:
          "Administratoren brauchen einen zweiten Faktor. Die Person muss ihn zuerst in ihrem Profil einrichten.",
        field: "role",
      };
    }
    const role = changes.role ?? before.role;
    const buildingIds = changes.building_ids ? [...new Set(changes.building_ids)].sort() : before.building_ids;
    if (changes.building_ids && !(await buildingsExist(trx, buildingIds))) {
      return { kind: "invalid", message: UNKNOWN_BUILDING, field: "building_ids" };
    }
    if (role !== "administrator" && buildingIds.length === 0) {
      return { kind: "invalid", message: STAFF_BUILDINGS_NEEDED, field: "building_ids" };
    }
    // Only what really changes: an unchanged role must not end anyone's session.
    const update: { name?: string; role?: StaffRole; active?: boolean; buildingIds?: string[] } = {};
    if (changes.name !== undefined && changes.name !== before.name) update.name = changes.name;
    if (role !== before.role) update.role = role;
    if (changes.active !== undefined && changes.active !== before.active) update.active = changes.active;
    if (buildingIds.join(",") !== before.building_ids.join(",")) update.buildingIds = buildingIds;
    if (Object.keys(update).length === 0) return { kind: "ok", value: undefined };
    await updateStaff(trx, staffId, update);
    // Issue 29: a deactivated member's phones and desktops get no more pushes.
    if (update.active === false) await removeAllDevicesOf(trx, { kind: "staff", id: staffId });
    const after = await memberState(trx, staffId);
    const view = (m: NonNullable<typeof before>) => ({
      name: m.name,
      role: m.role,
      active: m.active,
      building_ids: m.building_ids,
    });
    await recordAudit(trx, actor, {
      action: "staff.updated",
      entityType: "staff",
      entityId: staffId,
      before: view(before),
      after: after ? view(after) : null,
    });
    return { kind: "ok", value: undefined };
  });
}

/** A new invitation link (the old ones stop working), for members who have not set a password yet. */
export async function resendInvitation(
  db: Db,
  staffId: string,
  actor: AuditActor,
  mail: MailContext,
): Promise<StaffAdminResult> {
  return withTransaction(db, async (trx): Promise<StaffAdminResult> => {
    const member = await memberState(trx, staffId);
    if (!member) return { kind: "not_found" };
    if (!member.active) {
      return { kind: "conflict", message: "Das Konto ist deaktiviert. Bitte aktivieren Sie es zuerst." };
    }
    if (member.password_hash) {
      return { kind: "conflict", message: "Diese Person hat ihr Passwort bereits festgelegt." };
    }
    const expiresAt = await sendInvitation(trx, member, actor.name, mail);
    await recordAudit(trx, actor, {
      action: "staff.invitation_sent",
      entityType: "staff",
      entityId: staffId,
      after: { email: member.email, expires_at: expiresAt },
    });
    return { kind: "ok", value: undefined };
  });
}

/**
 * "Zweiten Faktor zurücksetzen" (issue 25 item 22): an Administrator removes a colleague's second
 * factor (a lost phone), audited; the colleague's sessions end and they set it up again at their next
 * sign-in. Not one's own: that would let a stolen session drop the factor that guards it.
 */
export async function resetSecondFactor(db: Db, staffId: string, actor: AuditActor): Promise<StaffAdminResult> {
  if (staffId === actor.staffId) {
    return {
      kind: "conflict",
      message:
        "Ihren eigenen zweiten Faktor können Sie hier nicht zurücksetzen. Bitte bitten Sie eine andere Administratorin oder einen anderen Administrator darum.",
    };
  }
  return withTransaction(db, async (trx): Promise<StaffAdminResult> => {
    const row = await lockStaffRow(trx, staffId);
    if (!row) return { kind: "not_found" };
    if (row.totp_enabled !== 1 && !row.totp_secret) {
      return { kind: "conflict", message: "Diese Person hat keinen zweiten Faktor eingerichtet." };
    }
    await resetTotp(trx, staffId);
    await recordAudit(trx, actor, {
      action: "staff.totp_reset",
      entityType: "staff",
      entityId: staffId,
      before: { totp_enabled: row.totp_enabled === 1 },
      after: { totp_enabled: false },
    });
    return { kind: "ok", value: undefined };
  });
}
