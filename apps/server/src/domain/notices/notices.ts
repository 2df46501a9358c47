import { randomUUID } from "node:crypto";
import {
  EMERGENCY_TYPE_LABELS,
  type EmergencyType,
  type NoticeKind,
  type OutageWindowProblem,
  outageWindowProblems,
} from "@mieter-portal/contracts";
import type { NoticeStatus, StaffNoticeUpdateRequest } from "@mieter-portal/contracts/staff";
import { NOTICE_MESSAGES } from "@mieter-portal/contracts/staff";
import type { Selectable } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import type { NoticesTable } from "../../db/types.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMails } from "../notifications/notifications.js";
import { type MailContext, tenantMailText } from "../notifications/notify.js";
import { buildingName, enqueuePush } from "../push/events.js";
import { channelsFor } from "../push/preferences.js";
import { audienceOf } from "./audiences.js";
import { emergencyMail } from "./mails.js";

/**
 * Notices (Aushänge, issue 14 §4; docs/decisions/014-notices-and-documents-to-many.md): written
 * by Administrators and Verwalter, read by every staff member; tenants see the current ones of
 * their building and those for all buildings. An emergency notice is mailed to its audience once,
 * when it is created as one or first becomes one; tenants answer "Betrifft mich auch" on it.
 */

export type NoticeRow = Selectable<NoticesTable>;

/** The outbox kind of the mail about an emergency notice. */
export const NOTICE_EMERGENCY_MAIL_KIND = "notice_emergency";

export function noticeStatusOf(row: Pick<NoticeRow, "valid_from" | "valid_until">, now = nowIso()): NoticeStatus {
  if (row.valid_from > now) return "scheduled";
  if (row.valid_until !== null && row.valid_until <= now) return "ended";
  return "current";
}

/** Instants travel with any offset; the database keeps them as UTC ISO text (sortable). */
const utc = (instant: string) => new Date(instant).toISOString();

/**
 * Records the mail about an emergency notice for every tenant of its audience who wants e-mail (one
 * outbox row each, in the caller's transaction) and marks the notice as mailed. Returns how many.
 */
async function mailEmergency(trx: Db, notice: NoticeRow, ctx: MailContext): Promise<number> {
  const { subject, lines } = emergencyMail(ctx, notice);
  const audience = await audienceOf(trx, notice.building_id);
  // Issue 29: the tenants' choice for notices (e-mail and/or push), then a push to their devices.
  const channels = await channelsFor(
    trx,
    "tenant",
    audience.map((t) => t.id),
    "notice",
  );
  await enqueuePush(
    trx,
    audience.map((t) => ({ kind: "tenant" as const, id: t.id })),
    {
      kind: "notice",
      title:
        notice.emergency_type && notice.emergency_type !== "other"
          ? `Störung: ${EMERGENCY_TYPE_LABELS[notice.emergency_type as EmergencyType]}`
          : "Störung im Haus",
      building: await buildingName(trx, notice.building_id),
      path: "/",
    },
  );
  const recipients = audience.filter((t) => t.notify_email === 1 && channels.get(t.id)?.email !== false);
  await enqueueMails(
    trx,
    recipients.map((tenant) => ({
      recipientKind: "tenant" as const,
      recipientId: tenant.id,
      to: tenant.email,
      kind: NOTICE_EMERGENCY_MAIL_KIND,
      subject,
      body: tenantMailText(ctx, tenant, { lines, path: "/" }),
    })),
  );
  await trx.updateTable("notices").set({ mailed_at: nowIso() }).where("id", "=", notice.id).execute();
  return recipients.length;
}

/** What the audit log keeps of a notice. */
const snapshot = (row: NoticeRow) => ({
  building_id: row.building_id,
  title: row.title,
  text: row.body,
  kind: row.kind,
  emergency_type: row.emergency_type,
  valid_from: row.valid_from,
  valid_until: row.valid_until,
  outage_from: row.outage_from,
  outage_until: row.outage_until,
});

export interface NewNotice {
  buildingId: string | null;
  title: string;
  text: string;
  kind: NoticeKind;
  emergencyType?: EmergencyType | null | undefined;
  validFrom?: string | undefined;
  validUntil?: string | null | undefined;
  /** The outage's window (both or neither; required for an outage: the route's schema checks it). */
  outageFrom?: string | null | undefined;
  outageUntil?: string | null | undefined;
  /**
   * Only for the demo seed's history: an emergency published before the demo began, whose mails
   * went out then (so a fresh start does not mail the demo tenants). Routes never set it.
   */
  mailedAt?: string | undefined;
}

/** A refusal the route answers with 400 and the field. */
export interface NoticeRefusal {
  field: string;
  message: string;
}

const firstProblem = (problems: OutageWindowProblem[]): NoticeRefusal | undefined => problems[0];

export const NOTICE_END_IN_PAST =
  "Das Ende muss in der Zukunft liegen. Zum sofortigen Beenden nutzen Sie „Vorzeitig beenden“.";

/**
 * Publishes a notice: the row, the emergency mails (if it is one) and the audit entry in one
 * transaction. Returns the id, or a refusal (an end that has already passed).
 */
export async function createNotice(
  db: Db,
  input: NewNotice,
  actor: AuditActor,
  mail: MailContext,
): Promise<string | NoticeRefusal> {
  const now = nowIso();
  const validUntil = input.validUntil ? utc(input.validUntil) : null;
  if (validUntil !== null && validUntil <= now) return { field: "valid_until", message: NOTICE_END_IN_PAST };
  const outageFrom = input.outageFrom ? utc(input.outageFrom) : null;
  const outageUntil = input.outageUntil ? utc(input.outageUntil) : null;
  const windowProblem = firstProblem(
    outageWindowProblems({
      kind: input.kind,
      outage_from: outageFrom,
      outage_until: outageUntil,
      valid_until: validUntil,
    }),
  );
  if (windowProblem) return windowProblem;
  const row: NoticeRow = {
    id: randomUUID(),
    building_id: input.buildingId,
    title: input.title,
    body: input.text,
    kind: input.kind,
    emergency_type: input.kind === "emergency" ? (input.emergencyType ?? null) : null,
    valid_from: input.validFrom ? utc(input.validFrom) : now,
    valid_until: validUntil,
    outage_from: outageFrom,
    outage_until: outageUntil,
    created_by: actor.staffId,
    created_at: now,
    updated_at: now,
    mailed_at: input.mailedAt ? utc(input.mailedAt) : null,
  };
  return withTransaction(db, async (trx) => {
    await trx.insertInto("notices").values(row).execute();
    const mailed = row.kind === "emergency" && row.mailed_at === null ? await mailEmergency(trx, row, mail) : null;
    await recordAudit(trx, actor, {
      action: "notice.created",
      entityType: "notice",
      entityId: row.id,
      buildingId: row.building_id,
      after: { ...snapshot(row), ...(mailed === null ? {} : { mailed_to: mailed }) },
    });
    return row.id;
  });
}

/**
 * Changes a notice (the fields given). A notice that becomes an emergency is mailed then, once; an
 * emergency notice already mailed is not mailed again. Returns "ok", "not_found" or a refusal.
 */
export async function updateNotice(
  db: Db,
  id: string,
  changes: StaffNoticeUpdateRequest,
  actor: AuditActor,
  mail: MailContext,
): Promise<"ok" | "not_found" | NoticeRefusal> {
  return withTransaction(db, async (trx) => {
    const before = await trx.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return "not_found";
    const kind = changes.kind ?? before.kind;
    const emergencyType =
      changes.emergency_type !== undefined
        ? changes.emergency_type
        : kind === "emergency"
          ? before.emergency_type
          : null;
    if (kind === "emergency" && !emergencyType) {
      return { field: "emergency_type", message: NOTICE_MESSAGES.emergencyTypeMissing };
    }
    if (kind === "information" && emergencyType) {
      return { field: "emergency_type", message: NOTICE_MESSAGES.emergencyTypeOnlyForEmergency };
    }
    const now = nowIso();
    const validFrom = changes.valid_from ? utc(changes.valid_from) : before.valid_from;
    const validUntil =
      changes.valid_until === undefined ? before.valid_until : changes.valid_until ? utc(changes.valid_until) : null;
    if (changes.valid_until && validUntil !== null && validUntil <= now) {
      return { field: "valid_until", message: NOTICE_END_IN_PAST };
    }
    if (validUntil !== null && validUntil <= validFrom) {
      return { field: "valid_until", message: NOTICE_MESSAGES.untilAfterFrom };
    }
    const outageFrom =
      changes.outage_from === undefined ? before.outage_from : changes.outage_from ? utc(changes.outage_from) : null;
    const outageUntil =
      changes.outage_until === undefined
        ? before.outage_until
        : changes.outage_until
          ? utc(changes.outage_until)
          : null;
    // The notice as it would be: an outage keeps its window (also one published before windows existed).
    const windowProblem = firstProblem(
      outageWindowProblems({ kind, outage_from: outageFrom, outage_until: outageUntil, valid_until: validUntil }),
    );
    if (windowProblem) return windowProblem;
    const after: NoticeRow = {
      ...before,
      title: changes.title ?? before.title,
      body: changes.text ?? before.body,
      kind,
      emergency_type: emergencyType,
      valid_from: validFrom,
      valid_until: validUntil,
      outage_from: outageFrom,
      outage_until: outageUntil,
      updated_at: now,
    };
    await trx
      .updateTable("notices")
      .set({
        title: after.title,
        body: after.body,
        kind: after.kind,
        emergency_type: after.emergency_type,
        valid_from: after.valid_from,
        valid_until: after.valid_until,
        outage_from: after.outage_from,
        outage_until: after.outage_until,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    const mailed =
      after.kind === "emergency" && before.mailed_at === null ? await mailEmergency(trx, after, mail) : null;
    await recordAudit(trx, actor, {
      action: "notice.updated",
      entityType: "notice",
      entityId: id,
      buildingId: before.building_id,
      before: snapshot(before),
      after: { ...snapshot(after), ...(mailed === null ? {} : { mailed_to: mailed }) },
    });
    return "ok";
  });
}

/**
 * Ends a notice now: valid_until becomes now (a notice not yet begun also gets valid_from now, so it
 * was never shown). Returns "ended", "already_ended" or "not_found".
 */
export async function endNotice(
  db: Db,
  id: string,
  actor: AuditActor,
): Promise<"ended" | "already_ended" | "not_found"> {
  return withTransaction(db, async (trx) => {
    const before = await trx.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return "not_found";
    const now = nowIso();
    if (noticeStatusOf(before, now) === "ended") return "already_ended";
    const change = { valid_from: before.valid_from > now ? now : before.valid_from, valid_until: now, updated_at: now };
    await trx.updateTable("notices").set(change).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "notice.ended",
      entityType: "notice",
      entityId: id,
      buildingId: before.building_id,
      before: { valid_from: before.valid_from, valid_until: before.valid_until },
      after: { valid_from: change.valid_from, valid_until: change.valid_until },
    });
    return "ended";
  });
}

/**
 * How many tenants an emergency notice for `buildingId` (null: all buildings) would mail now:
 * its audience with e-mail on, as mailEmergency counts them (the console asks before it publishes).
 */
export async function countEmergencyRecipients(db: Db, buildingId: string | null): Promise<number> {
  const audience = await audienceOf(db, buildingId);
  const channels = await channelsFor(
    db,
    "tenant",
    audience.map((t) => t.id),
    "notice",
  );
  return audience.filter((t) => t.notify_email === 1 && channels.get(t.id)?.email !== false).length;
}
