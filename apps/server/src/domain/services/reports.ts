import { randomUUID } from "node:crypto";
import { addDays, dayOfWeek, publicHolidayOn } from "@mieter-portal/contracts";
import {
  SERVICE_REPORT_DUE_WORKING_DAYS,
  SERVICE_REPORT_MAX_AGE_DAYS,
  SERVICE_REPORT_TEXTS,
  type ServiceReport,
  type ServiceReportRequest,
} from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import type { ServiceReportPhotosTable } from "../../db/types.js";
import type { FileStore } from "../../lib/file-store.js";
import { berlinToday, berlinToUtc, germanDateOf } from "../../lib/time.js";
import { type CheckedFile, putAll, removeAll } from "../../lib/uploads.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { putInboxItem } from "../inbox/inbox.js";
import { createThread } from "../messages/messages.js";
import { enqueueMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import { enqueuePush } from "../push/events.js";
import { currentTenancyOf } from "../tenants/current-tenancy.js";
import { planRunningOn } from "./plans.js";

/**
 * "Leistung fehlt" (issue 27 §3, decision 048): the only writer of service_reports and
 * service_report_photos. A report opens a conversation with the management (subject "Leistung
 * fehlt: …"), so it lands in the Eingang and the staff's answer reaches the tenant as every answer
 * does; its Eingang item is due after two working days, and the plan's responsible staff member is
 * told by mail.
 */

export type ReportRefusal = "noBuilding" | "dateInFuture" | "dateTooOld" | "unknownService";

/** The outbox kind of the mail to a plan's responsible staff member. */
const RESPONSIBLE_MAIL_KIND = "service_report_responsible";

/**
 * The due time: the same Berlin wall-clock time `days` working days later (Saturdays, Sundays and
 * Berlin's public holidays skipped). Reported on Friday 15:00 → due on Tuesday 15:00.
 */
export function workingDaysAfter(iso: string, days = SERVICE_REPORT_DUE_WORKING_DAYS): string {
  const at = new Date(iso);
  let date = berlinToday(at);
  const [hour, minute] = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Berlin",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(at)
    .split(":")
    .map(Number);
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    const weekday = dayOfWeek(date); // 0 Sunday … 6 Saturday
    if (weekday !== 0 && weekday !== 6 && !publicHolidayOn(date, "BE")) left--;
  }
  return berlinToUtc(date, hour ?? 0, minute ?? 0).toISOString();
}

/** The building of the tenant's current tenancy (null without one). */
async function buildingOfTenant(db: Db, tenantId: string): Promise<string | null> {
  const tenancy = await currentTenancyOf(db, tenantId).select("building_id").executeTakeFirst();
  return tenancy?.building_id ?? null;
}

/** The tenant-visible plan of this service in the building on that day (a changed plan: the one then). */
async function visiblePlanOn(db: Db, buildingId: string, serviceKindId: string, date: string) {
  return db
    .selectFrom("service_plans as p")
    .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
    .select(["p.id", "p.responsible_staff_id", "k.name"])
    .where("p.building_id", "=", buildingId)
    .where("p.service_kind_id", "=", serviceKindId)
    .where("p.tenant_visible", "=", 1)
    .where("p.valid_from", "<=", date)
    .where(planRunningOn(date))
    .orderBy("p.valid_from", "desc")
    .executeTakeFirst();
}

/** The mail that tells a plan's responsible staff member about a report (German, pure). */
export function responsibleMail(
  mail: MailContext,
  staffName: string,
  report: { subject: string; building: string; text: string; threadId: string; dueAt: string },
) {
  const due = new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(report.dueAt));
  return {
    subject: `${mail.company}: ${report.subject}`,
    body: [
      `Guten Tag ${staffName},`,
      "",
      `ein Mieter in ${report.building} meldet eine fehlende oder mangelhafte Leistung, für deren Plan Sie zuständig sind:`,
      "",
      report.text,
      "",
      `Bitte antworten Sie bis ${due} Uhr: ${mail.publicUrl}/verwaltung/nachrichten/${report.threadId}`,
      "",
      "Abschalten können Sie diese E-Mails in der Verwaltung unter Profil → Benachrichtigungen.",
    ].join("\n"),
  };
}

const photoUrl = (id: string) => `/api/v1/tenant/service-report-photos/${id}`;

function toPhotoInfo(
  p: Pick<ServiceReportPhotosTable, "id" | "filename" | "mime_type" | "size_bytes">,
  url = photoUrl,
) {
  return { id: p.id, filename: p.filename, file_type: p.mime_type, file_size: p.size_bytes, url: url(p.id) };
}

/**
 * Stores a tenant's report in the caller's transaction (the keyed request's): the conversation, its
 * Eingang item due in two working days, the photos, the mail to the plan's responsible person and
 * the audit entry. Refused (nothing stored) when the service is not one the tenant sees in the
 * house on that day, or the day is in the future or more than 30 days back.
 */
export async function createServiceReport(
  db: Db,
  files: FileStore,
  actor: AuditActor & { tenantId: string },
  input: Omit<ServiceReportRequest, "photos">,
  photos: CheckedFile[],
  mail: MailContext,
): Promise<ServiceReport | ReportRefusal> {
  const today = berlinToday();
  if (input.date > today) return "dateInFuture";
  if (input.date < addDays(today, -SERVICE_REPORT_MAX_AGE_DAYS)) return "dateTooOld";
  const buildingId = await buildingOfTenant(db, actor.tenantId);
  if (!buildingId) return "noBuilding";
  const plan = await visiblePlanOn(db, buildingId, input.service_kind_id, input.date);
  if (!plan) return "unknownService";
  const building = await db.selectFrom("buildings").select("name").where("id", "=", buildingId).executeTakeFirst();
  const subject = SERVICE_REPORT_TEXTS.subject(plan.name, germanDateOf(input.date));
  const keys = await putAll(files, photos);
  try {
    const thread = await createThread(
      db,
      { tenantId: actor.tenantId, name: actor.name },
      { subject, content: input.text },
      mail,
    );
    const at = thread.created_at;
    const dueAt = workingDaysAfter(at);
    // The conversation's item, due in two working days instead of a message's 24 hours.
    await putInboxItem(db, {
      kind: "message",
      itemId: thread.id,
      tenantId: actor.tenantId,
      state: "new",
      title: subject,
      createdAt: at,
      dueAt,
    });
    const id = randomUUID();
    await db
      .insertInto("service_reports")
      .values({
        id,
        tenant_id: actor.tenantId,
        building_id: buildingId,
        service_kind_id: input.service_kind_id,
        plan_id: plan.id,
        occurred_on: input.date,
        text: input.text,
        thread_id: thread.id,
        created_at: at,
      })
      .execute();
    const photoRows = photos.map((file, position) => ({
      id: randomUUID(),
      report_id: id,
      position,
      mime_type: file.mime,
      size_bytes: file.size,
      filename: file.filename,
      storage_key: keys[position]!,
      created_at: at,
    }));
    if (photoRows.length > 0) await db.insertInto("service_report_photos").values(photoRows).execute();
    if (plan.responsible_staff_id) {
      const staff = await db
        .selectFrom("staff_users")
        .select(["id", "email", "name"])
        .where("id", "=", plan.responsible_staff_id)
        .where("active", "=", 1)
        .where("notify_new_items", "=", 1)
        .executeTakeFirst();
      if (staff) {
        await enqueueMail(db, {
          recipientKind: "staff",
          recipientId: staff.id,
          to: staff.email,
          kind: RESPONSIBLE_MAIL_KIND,
          ...responsibleMail(mail, staff.name, {
            subject,
            building: building?.name ?? "",
            text: input.text,
            threadId: thread.id,
            dueAt,
          }),
        });
      }
    }
    // Issue 29: a push to the plan's responsible person (if still active), else to the house's Verwalter,
    // who keep "Leistung fehlt" on (the lock screen names the kind and the house only).
    const responsible = plan.responsible_staff_id
      ? await db
          .selectFrom("staff_users")
          .select("id")
          .where("id", "=", plan.responsible_staff_id)
          .where("active", "=", 1)
          .executeTakeFirst()
      : undefined;
    const pushTo = responsible
      ? [responsible.id]
      : (
          await db
            .selectFrom("staff_users as s")
            .innerJoin("staff_buildings as b", "b.staff_id", "s.id")
            .select("s.id")
            .where("b.building_id", "=", buildingId)
            .where("s.role", "=", "verwalter")
            .where("s.active", "=", 1)
            .execute()
        ).map((r) => r.id);
    await enqueuePush(
      db,
      pushTo.map((id) => ({ kind: "staff" as const, id })),
      {
        kind: "service_missing",
        title: "Leistung fehlt gemeldet",
        building: building?.name ?? null,
        path: `/verwaltung/nachrichten/${thread.id}`,
      },
    );
    await recordAudit(db, actor, {
      action: "service_report.created",
      entityType: "service_report",
      entityId: id,
      buildingId,
      after: { service: plan.name, occurred_on: input.date, text: input.text, photo_count: photoRows.length },
    });
    return {
      id,
      service_kind_id: input.service_kind_id,
      service_name: plan.name,
      date: input.date,
      text: input.text,
      thread_id: thread.id,
      photos: photoRows.map((p) => toPhotoInfo(p)),
      created_at: at,
    };
  } catch (err) {
    await removeAll(files, keys);
    throw err;
  }
}

/** The reports of a tenant, newest first (at most the last 100), or of a building for staff. */
export async function listServiceReports(
  db: Db,
  filter:
    | { tenantId: string }
    | { buildingIds: string[] | "all"; threadId?: string; buildingId?: string; from?: string; until?: string },
): Promise<ServiceReport[]> {
  let query = db
    .selectFrom("service_reports as r")
    .innerJoin("service_kinds as k", "k.id", "r.service_kind_id")
    .select([
      "r.id",
      "r.service_kind_id",
      "k.name as service_name",
      "r.occurred_on",
      "r.text",
      "r.thread_id",
      "r.created_at",
    ]);
  const staff = !("tenantId" in filter);
  if ("tenantId" in filter) query = query.where("r.tenant_id", "=", filter.tenantId);
  else {
    if (filter.buildingIds !== "all") {
      if (filter.buildingIds.length === 0) return [];
      query = query.where("r.building_id", "in", filter.buildingIds);
    }
    if (filter.threadId) query = query.where("r.thread_id", "=", filter.threadId);
    if (filter.buildingId) query = query.where("r.building_id", "=", filter.buildingId);
    if (filter.from) query = query.where("r.occurred_on", ">=", filter.from);
    if (filter.until) query = query.where("r.occurred_on", "<=", filter.until);
  }
  const rows = await query.orderBy("r.created_at", "desc").orderBy("r.id", "desc").limit(100).execute();
  const photos = rows.length
    ? await db
        .selectFrom("service_report_photos")
        .select(["id", "report_id", "filename", "mime_type", "size_bytes"])
        .where(
          "report_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("position")
        .execute()
    : [];
  const url = staff ? (id: string) => `/api/v1/staff/service-report-photos/${id}` : photoUrl;
  return rows.map((r) => ({
    id: r.id,
    service_kind_id: r.service_kind_id,
    service_name: r.service_name,
    date: r.occurred_on,
    text: r.text,
    thread_id: r.thread_id,
    photos: photos.filter((p) => p.report_id === r.id).map((p) => toPhotoInfo(p, url)),
    created_at: r.created_at,
  }));
}

/** A report's photo with the building and tenant it belongs to (the routes check who may see it). */
export async function findServiceReportPhoto(db: Db, photoId: string) {
  return db
    .selectFrom("service_report_photos as p")
    .innerJoin("service_reports as r", "r.id", "p.report_id")
    .select(["p.id", "p.storage_key", "p.mime_type", "p.filename", "r.tenant_id", "r.building_id"])
    .where("p.id", "=", photoId)
    .executeTakeFirst();
}
