import { randomUUID } from "node:crypto";
import {
  EMERGENCY_TYPE_LABELS,
  type EmergencyType,
  formatOutageWindow,
  type NoticeKind,
  type OutageWindowProblem,
  outageWindowProblems,
  type TenantNotice,
} from "@mieter-portal/contracts";
import type {
  NoticeStatus,
  StaffNotice,
  StaffNoticeDetail,
  StaffNoticeUpdateRequest,
} from "@mieter-portal/contracts/staff";
import { NOTICE_MESSAGES } from "@mieter-portal/contracts/staff";
import { type Selectable, sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import type { NoticesTable } from "../../db/types.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMails } from "../notifications/notifications.js";
import { type MailContext, tenantMailText } from "../notifications/notify.js";
import { tenantRefOf } from "../tenants/staff-tenants.js";
import { audienceOf, runningBuildingIds } from "./audiences.js";

/**
 * Notices (Aushänge, issue 14 §4; docs/decisions/014-notices-and-documents-to-many.md): written
 * by Administrators and Verwalter, read by every staff member; tenants see the current ones of
 * their building and those for all buildings. An emergency notice is mailed to its audience once,
 * when it is created as one or first becomes one; tenants answer "Betrifft mich auch" on it.
 */

type NoticeRow = Selectable<NoticesTable>;

/** The outbox kind of the mail about an emergency notice. */
export const NOTICE_EMERGENCY_MAIL_KIND = "notice_emergency";

export function noticeStatusOf(row: Pick<NoticeRow, "valid_from" | "valid_until">, now = nowIso()): NoticeStatus {
  if (row.valid_from > now) return "scheduled";
  if (row.valid_until !== null && row.valid_until <= now) return "ended";
  return "current";
}

/** Instants travel with any offset; the database keeps them as UTC ISO text (sortable). */
const utc = (instant: string) => new Date(instant).toISOString();

// ---- the console ----

/** The buildings a staff member sees (Administrators: all). */
export interface NoticeScope {
  allBuildings: boolean;
  buildingIds: string[];
}

/** The buildings whose tenants' answers the scope may count and see; null: all. */
const affectedBuildings = (scope: NoticeScope) =>
  scope.allBuildings ? null : scope.buildingIds.length > 0 ? scope.buildingIds : [""];

function staffNoticeQuery(db: Db, scope: NoticeScope) {
  return db
    .selectFrom("notices")
    .leftJoin("buildings", "buildings.id", "notices.building_id")
    .leftJoin("staff_users", "staff_users.id", "notices.created_by")
    .selectAll("notices")
    .select((eb) => [
      "buildings.name as building_name",
      "staff_users.name as created_by_name",
      eb
        .selectFrom("notice_affected")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("notice_affected.notice_id", "=", "notices.id")
        .$if(affectedBuildings(scope) !== null, (qb) =>
          qb.where("notice_affected.building_id", "in", affectedBuildings(scope) ?? []),
        )
        .as("affected_count"),
    ]);
}

type StaffNoticeRow = NoticeRow & {
  building_name: string | null;
  created_by_name: string | null;
  affected_count: number | string | bigint | null;
};

function toStaffNotice(row: StaffNoticeRow, now: string): StaffNotice {
  return {
    id: row.id,
    title: row.title,
    text: row.body,
    kind: row.kind as NoticeKind,
    emergency_type: (row.emergency_type as EmergencyType | null) ?? null,
    building: row.building_id ? { id: row.building_id, name: row.building_name ?? "" } : null,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    outage_from: row.outage_from,
    outage_until: row.outage_until,
    status: noticeStatusOf(row, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by ? { id: row.created_by, name: row.created_by_name ?? "" } : null,
    mailed_at: row.mailed_at,
    affected_count: Number(row.affected_count ?? 0),
  };
}

const STAFF_CURSOR = "staff-notices";

/**
 * The notices a staff member sees, newest first (by valid_from, then id): those of their buildings
 * and those for all buildings; `building` narrows to one building or ("all") to the general ones.
 */
export async function listStaffNotices(
  db: Db,
  scope: NoticeScope,
  query: {
    building?: string | undefined;
    status?: NoticeStatus | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ items: StaffNotice[]; next_cursor: string | null }> {
  const now = nowIso();
  let rows = staffNoticeQuery(db, scope);
  if (!scope.allBuildings) {
    const ids = scope.buildingIds;
    rows = rows.where((eb) =>
      ids.length === 0
        ? eb("notices.building_id", "is", null)
        : eb.or([eb("notices.building_id", "is", null), eb("notices.building_id", "in", ids)]),
    );
  }
  if (query.building === "all") rows = rows.where("notices.building_id", "is", null);
  else if (query.building) rows = rows.where("notices.building_id", "=", query.building);
  if (query.status === "scheduled") rows = rows.where("notices.valid_from", ">", now);
  if (query.status === "current") {
    rows = rows
      .where("notices.valid_from", "<=", now)
      .where((eb) => eb.or([eb("notices.valid_until", "is", null), eb("notices.valid_until", ">", now)]));
  }
  if (query.status === "ended") rows = rows.where("notices.valid_until", "<=", now);
  if (query.cursor) {
    const [at, id] = decodeCursor(STAFF_CURSOR, query.cursor, 2) as [string, string];
    rows = rows.where((eb) => eb(eb.refTuple("notices.valid_from", "notices.id"), "<", eb.tuple(at, id)));
  }
  const found = (await rows
    .orderBy("notices.valid_from", "desc")
    .orderBy("notices.id", "desc")
    .limit(query.limit + 1)
    .execute()) as StaffNoticeRow[];
  const page = splitPage(found, query.limit, STAFF_CURSOR, (r) => [r.valid_from, r.id]);
  return { items: page.rows.map((r) => toStaffNotice(r, now)), next_cursor: page.nextCursor };
}

/** A notice with the tenants (of the scope's buildings) who answered "Betrifft mich auch". */
export async function findStaffNotice(
  db: Db,
  id: string,
  scope: NoticeScope,
): Promise<{ notice: StaffNoticeDetail; buildingId: string | null } | undefined> {
  const row = (await staffNoticeQuery(db, scope).where("notices.id", "=", id).executeTakeFirst()) as
    | StaffNoticeRow
    | undefined;
  if (!row) return undefined;
  const answers = await db
    .selectFrom("notice_affected")
    .select(["tenant_id", "created_at"])
    .where("notice_id", "=", id)
    .$if(affectedBuildings(scope) !== null, (qb) => qb.where("building_id", "in", affectedBuildings(scope) ?? []))
    .orderBy("created_at")
    .orderBy("tenant_id")
    .execute();
  const affected = [];
  for (const answer of answers) {
    const tenant = await tenantRefOf(db, answer.tenant_id);
    if (!tenant) continue;
    const { buildingId: _buildingId, ...ref } = tenant;
    affected.push({ tenant: ref, at: answer.created_at });
  }
  return { notice: { ...toStaffNotice(row, nowIso()), affected }, buildingId: row.building_id };
}

/** The building of a notice (undefined when there is none): for the route's scope check. */
export async function findNoticeBuilding(db: Db, id: string): Promise<{ buildingId: string | null } | undefined> {
  const row = await db.selectFrom("notices").select("building_id").where("id", "=", id).executeTakeFirst();
  return row ? { buildingId: row.building_id } : undefined;
}

/**
 * Records the mail about an emergency notice for every tenant of its audience who wants e-mail (one
 * outbox row each, in the caller's transaction) and marks the notice as mailed. Returns how many.
 */
async function mailEmergency(trx: Db, notice: NoticeRow, ctx: MailContext): Promise<number> {
  const label = EMERGENCY_TYPE_LABELS[(notice.emergency_type as EmergencyType | null) ?? "other"];
  // The outage's own time (issue 25 item 21), never the validity: that only says how long the notice
  // is shown. Every outage has a window (outageWindowProblems), so the line is always there.
  const period =
    notice.outage_from && notice.outage_until
      ? [`Zeitraum: ${formatOutageWindow(notice.outage_from, notice.outage_until)}`]
      : [];
  const lines = [
    notice.building_id === null
      ? "die Hausverwaltung informiert alle Häuser über eine Störung:"
      : "die Hausverwaltung informiert über eine Störung in Ihrem Haus:",
    "",
    `${label}: ${notice.title}`,
    ...period,
    "",
    notice.body,
    "",
    "Betrifft Sie das auch? Tippen Sie im Mieter-Portal beim Aushang auf „Betrifft mich auch“ – eine eigene Reparaturmeldung ist dafür nicht nötig.",
  ];
  const recipients = (await audienceOf(trx, notice.building_id)).filter((t) => t.notify_email === 1);
  await enqueueMails(
    trx,
    recipients.map((tenant) => ({
      recipientKind: "tenant" as const,
      recipientId: tenant.id,
      to: tenant.email,
      kind: NOTICE_EMERGENCY_MAIL_KIND,
      subject: `${ctx.company}: ${label} – ${notice.title}`,
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
    const kind = changes.kind ?? (before.kind as NoticeKind);
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

// ---- the tenant ----

type TenantNoticeRow = Pick<
  NoticeRow,
  | "id"
  | "title"
  | "body"
  | "kind"
  | "emergency_type"
  | "valid_from"
  | "valid_until"
  | "outage_from"
  | "outage_until"
  | "building_id"
> & { affected: unknown };

function toTenantNotice(row: TenantNoticeRow): TenantNotice {
  return {
    id: row.id,
    title: row.title,
    text: row.body,
    kind: row.kind as NoticeKind,
    emergency_type: (row.emergency_type as EmergencyType | null) ?? null,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    outage_from: row.outage_from,
    outage_until: row.outage_until,
    for_all_buildings: row.building_id === null,
    // SQLite answers 0/1, PostgreSQL a boolean.
    affected: Boolean(Number(row.affected)),
  };
}

const TENANT_CURSOR = "notices";

/**
 * The tenant's current notices, newest first (valid_from, id): those of the buildings of their
 * running tenancies and those for all buildings, each with the tenant's "Betrifft mich auch".
 */
function tenantNoticeRows(
  db: Db,
  p: { tenantId: string; now: string; today: string },
  after: { at: string; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom("notices")
    .select((eb) => [
      "notices.id",
      "notices.title",
      "notices.body",
      "notices.kind",
      "notices.emergency_type",
      "notices.valid_from",
      "notices.valid_until",
      "notices.outage_from",
      "notices.outage_until",
      "notices.building_id",
      eb
        .exists(
          eb
            .selectFrom("notice_affected")
            .select("notice_affected.notice_id")
            .whereRef("notice_affected.notice_id", "=", "notices.id")
            .where("notice_affected.tenant_id", "=", p.tenantId),
        )
        .as("affected"),
    ])
    .where("notices.valid_from", "<=", p.now)
    .where((eb) => eb.or([eb("notices.valid_until", "is", null), eb("notices.valid_until", ">", p.now)]))
    .where((eb) =>
      eb.or([
        eb("notices.building_id", "is", null),
        eb(
          "notices.building_id",
          "in",
          eb
            .selectFrom("tenancies")
            .select("tenancies.building_id")
            .where("tenancies.tenant_id", "=", p.tenantId)
            .where((e) => e.or([e("tenancies.end_date", "is", null), e("tenancies.end_date", ">=", p.today)])),
        ),
      ]),
    );
  if (after) {
    query = query.where((eb) => eb(eb.refTuple("notices.valid_from", "notices.id"), "<", eb.tuple(after.at, after.id)));
  }
  return query
    .orderBy("notices.valid_from", "desc")
    .orderBy("notices.id", "desc")
    .limit(sql.lit(limit + 1));
}

const tenantNoticeQueries = {
  first: prepareQueryByLimit(["tenantId", "now", "today"], (db, p, limit) => tenantNoticeRows(db, p, null, limit)),
  after: prepareQueryByLimit(["tenantId", "now", "today", "at", "id"], (db, p, limit) =>
    tenantNoticeRows(db, p, { at: p.at, id: p.id }, limit),
  ),
};

/** One page of the tenant's current notices, newest first. */
export async function listTenantNotices(db: Db, tenantId: string, page: PageRequest): Promise<Page<TenantNotice>> {
  const values = { tenantId, now: nowIso(), today: berlinToday() };
  let rows: TenantNoticeRow[];
  if (page.cursor) {
    const [at, id] = decodeCursor(TENANT_CURSOR, page.cursor, 2) as [string, string];
    rows = await tenantNoticeQueries.after(page.limit).execute(db, { ...values, at, id });
  } else {
    rows = await tenantNoticeQueries.first(page.limit).execute(db, values);
  }
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, TENANT_CURSOR, (r) => [r.valid_from, r.id]);
  return { items: pageRows.map(toTenantNotice), nextCursor };
}

/**
 * "Betrifft mich auch": records the tenant's answer once. A second call changes nothing and answers
 * the same. Refused for a notice of another building (not_found), for an information notice
 * (not_emergency) and for one that is not current (not_current) — unless the tenant answered already.
 */
export async function markNoticeAffected(
  db: Db,
  tenantId: string,
  noticeId: string,
): Promise<TenantNotice | "not_found" | "not_emergency" | "not_current"> {
  return withTransaction(db, async (trx) => {
    const notice = await trx.selectFrom("notices").selectAll().where("id", "=", noticeId).executeTakeFirst();
    if (!notice) return "not_found";
    if (notice.building_id !== null && !(await runningBuildingIds(trx, tenantId)).includes(notice.building_id)) {
      return "not_found";
    }
    const answered = await trx
      .selectFrom("notice_affected")
      .select("created_at")
      .where("notice_id", "=", noticeId)
      .where("tenant_id", "=", tenantId)
      .executeTakeFirst();
    if (!answered) {
      if (notice.kind !== "emergency") return "not_emergency";
      if (noticeStatusOf(notice) !== "current") return "not_current";
      await trx
        .insertInto("notice_affected")
        .values({
          notice_id: noticeId,
          tenant_id: tenantId,
          building_id: notice.building_id ?? (await tenantRefOf(trx, tenantId))?.buildingId ?? null,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.columns(["notice_id", "tenant_id"]).doNothing())
        .execute();
    }
    return toTenantNotice({ ...notice, affected: true });
  });
}

/**
 * How many tenants an emergency notice for `buildingId` (null: all buildings) would mail now:
 * its audience with e-mail on, as mailEmergency counts them (the console asks before it publishes).
 */
export async function countEmergencyRecipients(db: Db, buildingId: string | null): Promise<number> {
  return (await audienceOf(db, buildingId)).filter((t) => t.notify_email === 1).length;
}
