import { randomBytes, randomUUID } from "node:crypto";
import { TENANT_INVITATION_TTL_SECONDS } from "@mieter-portal/contracts";
import type { InvitationStatus, TenantInvitationState } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import { tenantSearchText } from "../../lib/search-text.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import { hasPortalAccess, normalizeEmail, OPEN_END } from "./auth.js";
import type { InvitationCredential } from "./invitation-letters.js";
import { invitationMailSubject, invitationMailText } from "./mails.js";
import { findTenantContact } from "./tenant-contact.js";
import {
  emailTaken,
  hashToken,
  INVITATION_MAIL_KIND,
  NO_PASSWORD,
  type OnboardingResult,
  tenantInvitationLink,
  wholeSecondNow,
} from "./tenant-onboarding.js";

/**
 * Tenant invitations (decision 018): issuing the one-time link with its mail, the invitation's
 * state, and accepting it (the first password). Split from tenant-onboarding.ts (decision 037).
 */

export interface IssuedInvitation {
  token: string;
  link: string;
  expiresAt: string;
}

/**
 * A new invitation link by e-mail (older open ones stop working): the mail enters the outbox in
 * the same transaction. Refused for tenants who already have a password or have no address.
 * Letters: planLetterInvitation and recordLetterInvitations (the PDF is built in between).
 */
export async function issueInvitation(
  db: Db,
  actor: AuditActor,
  tenantId: string,
  channel: "email",
  mail: MailContext,
): Promise<OnboardingResult<IssuedInvitation>> {
  return withTransaction(db, async (trx) => {
    const tenant = await findTenantContact(trx, tenantId);
    if (!tenant) return { kind: "not_found" };
    if (tenant.hasPassword) {
      return { kind: "conflict", message: `${tenant.name} hat bereits ein Passwort und braucht keine Einladung.` };
    }
    if (!tenant.email) {
      return {
        kind: "conflict",
        message: `Für ${tenant.name} ist keine E-Mail-Adresse hinterlegt. Drucken Sie stattdessen den Einladungsbrief.`,
      };
    }
    // PostgreSQL: one invitation per tenant at a time, as for letters (decision 029).
    if (isPostgres(trx)) {
      await trx.selectFrom("tenants").select("id").where("id", "=", tenantId).forUpdate().execute();
    }
    const now = nowIso();
    await trx
      .updateTable("tenant_invitations")
      .set({ revoked_at: now })
      .where("tenant_id", "=", tenantId)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + TENANT_INVITATION_TTL_SECONDS * 1000).toISOString();
    await trx
      .insertInto("tenant_invitations")
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        token_hash: hashToken(token),
        channel,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
        revoked_at: null,
        created_by: actor.staffId,
      })
      .execute();
    const link = tenantInvitationLink(mail, token);
    await enqueueMail(trx, {
      recipientKind: "tenant",
      recipientId: tenantId,
      to: tenant.email,
      kind: INVITATION_MAIL_KIND,
      subject: invitationMailSubject(mail),
      body: invitationMailText(mail, tenant, link, expiresAt),
    });
    await recordAudit(trx, actor, {
      action: "tenant.invite_email",
      entityType: "tenant",
      entityId: tenantId,
      buildingId: tenant.buildingId,
      after: { channel, to: tenant.email, expires_at: expiresAt },
    });
    return { kind: "ok", value: { token, link, expiresAt } };
  });
}

/** The status the console shows, from the password and the latest invitation. */
export function invitationStatusOf(
  hasPassword: boolean,
  latest: { expires_at: string; used_at: string | null; revoked_at: string | null } | null,
  now = nowIso(),
): InvitationStatus {
  if (hasPassword) return "active";
  if (!latest) return "not_invited";
  return latest.used_at === null && latest.revoked_at === null && latest.expires_at > now ? "invited" : "expired";
}

export async function findInvitationState(db: Db, tenantId: string): Promise<TenantInvitationState | undefined> {
  const tenant = await db.selectFrom("tenants").select("password_hash").where("id", "=", tenantId).executeTakeFirst();
  if (!tenant) return undefined;
  const latest = await db
    .selectFrom("tenant_invitations")
    .select(["channel", "created_at", "expires_at", "used_at", "revoked_at"])
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return {
    status: invitationStatusOf(tenant.password_hash !== NO_PASSWORD, latest ?? null),
    channel: latest ? (latest.channel as "email" | "letter") : null,
    sent_at: latest?.created_at ?? null,
    expires_at: latest?.expires_at ?? null,
  };
}

/** An open invitation by its token or code: the tenant it belongs to, or undefined when unknown, used, replaced or expired. */
export async function findOpenInvitation(db: Db, credential: InvitationCredential) {
  const query = db
    .selectFrom("tenant_invitations")
    .innerJoin("tenants", "tenants.id", "tenant_invitations.tenant_id")
    .select([
      "tenant_invitations.id",
      "tenant_invitations.expires_at",
      "tenant_invitations.used_at",
      "tenant_invitations.revoked_at",
      "tenants.id as tenant_id",
      "tenants.first_name",
      "tenants.last_name",
      "tenants.email",
      "tenants.password_hash",
    ])
    .orderBy("tenant_invitations.created_at", "desc");
  const row = await ("token" in credential
    ? query.where("tenant_invitations.token_hash", "=", hashToken(credential.token))
    : query.where("tenant_invitations.code_hash", "=", credential.codeHash)
  ).executeTakeFirst();
  if (!row || row.used_at || row.revoked_at || row.expires_at <= nowIso() || row.password_hash !== NO_PASSWORD) {
    return undefined;
  }
  return {
    invitationId: row.id,
    tenantId: row.tenant_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email === "" ? null : row.email,
    expiresAt: row.expires_at,
  };
}

/**
 * Uses the invitation: sets the first password (and the e-mail address when the management had
 * none) and raises the session version. Returns the tenant and the version for their first token.
 */
export async function acceptInvitation(
  db: Db,
  credential: InvitationCredential,
  input: { email?: string; passwordHash: string },
): Promise<OnboardingResult<{ tenantId: string; sessionVersion: number }>> {
  return withTransaction(db, async (trx) => {
    const open = await findOpenInvitation(trx, credential);
    if (!open) return { kind: "not_found" };
    const set: { email?: string; email_normalized?: string; search_text?: string } = {};
    if (!open.email) {
      if (!input.email) {
        return { kind: "invalid", message: "Bitte geben Sie Ihre E-Mail-Adresse an.", field: "email" };
      }
      if (await emailTaken(trx, input.email, open.tenantId)) {
        return { kind: "invalid", message: "Diese E-Mail-Adresse wird bereits verwendet.", field: "email" };
      }
      set.email = input.email;
      set.email_normalized = normalizeEmail(input.email);
      set.search_text = tenantSearchText({ firstName: open.firstName, lastName: open.lastName, email: input.email });
    }
    const now = nowIso();
    const used = await trx
      .updateTable("tenant_invitations")
      .set({ used_at: now })
      .where("id", "=", open.invitationId)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { kind: "not_found" };
    const changedAt = wholeSecondNow();
    const row = await trx
      .updateTable("tenants")
      .set((eb) => ({
        ...set,
        password_hash: input.passwordHash,
        password_changed_at: changedAt,
        session_version: eb("session_version", "+", 1),
      }))
      .where("id", "=", open.tenantId)
      .where("password_hash", "=", NO_PASSWORD)
      .returning("session_version")
      .executeTakeFirst();
    if (!row) return { kind: "not_found" };
    await trx
      .updateTable("tenant_invitations")
      .set({ revoked_at: now })
      .where("tenant_id", "=", open.tenantId)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    return { kind: "ok", value: { tenantId: open.tenantId, sessionVersion: Number(row.session_version) } };
  });
}

/** Whether the tenant may use the portal now (a tenancy running, or ended less than 3 months ago). */
export async function tenantHasPortalAccess(db: Db, tenantId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tenancies")
    .select((eb) => eb.fn.max(eb.fn.coalesce("end_date", sql.lit(OPEN_END))).as("end"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  return hasPortalAccess(row?.end ?? null);
}
