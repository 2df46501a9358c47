import type { EmergencyType } from "@mieter-portal/contracts";
import type { NoticeStatus, StaffNotice, StaffNoticeDetail } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import { decodeCursor, splitPage } from "../../lib/pagination.js";
import { nowIso } from "../../lib/time.js";
import { tenantRefOf } from "../tenants/staff-tenants.js";
import { type NoticeRow, noticeStatusOf } from "./notices.js";

/**
 * Notices as the console reads them: the list and one notice, within the staff member's buildings.
 * Split from notices.ts (decision 037).
 */

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
    kind: row.kind,
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
