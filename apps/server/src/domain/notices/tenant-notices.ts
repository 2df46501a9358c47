import type { EmergencyType, TenantNotice } from "@mieter-portal/contracts";
import { sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { tenantRefOf } from "../tenants/staff-tenants.js";
import { runningBuildingIds } from "./audiences.js";
import { type NoticeRow, noticeStatusOf } from "./notices.js";

/**
 * Notices as the tenant reads them: the current ones of their building and the company, and the
 * "Betrifft mich" mark. Split from notices.ts (decision 037).
 */

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
    kind: row.kind,
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
