import { randomUUID } from "node:crypto";
import type { AuditEntry } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import { repairTitle } from "../../lib/repair-titles.js";
import {
  actionLabel,
  berlinDateTime,
  changesOf,
  formatCalendarDate,
  fullName,
  isRecord,
  type Names,
} from "./audit-labels.js";

/** Who did it, from where: every staff write passes this to recordAudit. */
export interface AuditActor {
  staffId: string | null;
  name: string;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  entityType: string;
  entityId?: string | null;
  buildingId?: string | null;
  before?: unknown;
  after?: unknown;
}

let lastAt = 0;
/**
 * Strictly increasing within the process, so entries of one request keep their order in the log. A
 * clock set back by more than a second (a corrected system clock, a test on a fixed date before this
 * one) starts again from the clock instead of stamping entries with a time that has not come yet.
 */
function nextInstant(): string {
  const now = Date.now();
  lastAt = now > lastAt || lastAt - now > 1000 ? now : lastAt + 1;
  return new Date(lastAt).toISOString();
}

/**
 * Appends to the audit log, in the caller's transaction so the entry exists exactly when the change
 * does. The log is append-only: nothing here (or anywhere) updates or deletes its rows.
 */
export async function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      at: nextInstant(),
      staff_id: actor.staffId,
      staff_name: actor.name,
      action: record.action,
      entity_type: record.entityType,
      entity_id: record.entityId ?? null,
      building_id: record.buildingId ?? null,
      before_json: record.before === undefined ? null : JSON.stringify(record.before),
      after_json: record.after === undefined ? null : JSON.stringify(record.after),
      ip: actor.ip,
    })
    .execute();
}

const encode = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString("base64url");
const decode = (cursor: string) => {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return at && id ? { at, id } : undefined;
};

/** Newest first, filtered, one page. */
export async function listAudit(
  db: Db,
  filter: {
    staff?: string;
    entity_type?: string;
    action?: string;
    from?: string;
    to?: string;
    cursor?: string;
    limit: number;
  },
): Promise<{ items: AuditEntry[]; next_cursor: string | null } | "bad_cursor"> {
  const after = filter.cursor ? decode(filter.cursor) : undefined;
  if (filter.cursor && !after) return "bad_cursor";
  let query = db.selectFrom("audit_log").selectAll();
  if (filter.staff) query = query.where("staff_id", "=", filter.staff);
  if (filter.entity_type) query = query.where("entity_type", "=", filter.entity_type);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.from) query = query.where("at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("at", "<=", `${filter.to}T23:59:59.999Z`);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb("at", "<", after.at), eb.and([eb("at", "=", after.at), eb("id", "<", after.id)])]),
    );
  }
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  const parsed = page.map((r) => ({
    row: r,
    before: r.before_json ? (JSON.parse(r.before_json) as unknown) : null,
    after: r.after_json ? (JSON.parse(r.after_json) as unknown) : null,
  }));
  const names = await namesOf(db, parsed);
  return {
    items: parsed.map(({ row: r, before, after }) => {
      const item = r.entity_id ? names.items.get(`${r.entity_type}:${r.entity_id}`) : undefined;
      return {
        id: r.id,
        at: r.at,
        staff: { id: r.staff_id, name: r.staff_name },
        action: r.action,
        action_label: actionLabel(r.action, r.entity_type),
        entity_type: r.entity_type,
        entity_id: r.entity_id,
        item: item && r.entity_id ? { kind: r.entity_type, id: r.entity_id, label: item.label } : null,
        tenant: item?.tenant ?? null,
        changes: changesOf(before, after, names),
        before,
        after,
        ip: r.ip,
      };
    }),
    next_cursor: rows.length > filter.limit && last ? encode(last.at, last.id) : null,
  };
}

/** The labels of the entries' items and tenants, and the names of staff and buildings their changes name. */
async function namesOf(
  db: Db,
  entries: { row: { entity_type: string; entity_id: string | null }; before: unknown; after: unknown }[],
): Promise<Names> {
  const ids = (type: string) => [
    ...new Set(
      entries.filter((e) => e.row.entity_type === type && e.row.entity_id).map((e) => e.row.entity_id as string),
    ),
  ];
  const staffIds = new Set<string>(ids("staff"));
  const buildingIds = new Set<string>();
  const tenantIds = new Set<string>(ids("tenant"));
  for (const e of entries) {
    for (const side of [e.before, e.after]) {
      if (!isRecord(side)) continue;
      if (typeof side.assignee_id === "string") staffIds.add(side.assignee_id);
      if (typeof side.tenant_id === "string") tenantIds.add(side.tenant_id);
      if (Array.isArray(side.building_ids))
        for (const b of side.building_ids) if (typeof b === "string") buildingIds.add(b);
    }
  }
  const items: Names["items"] = new Map();
  const tenantsById = new Map<string, string>();
  const [repairs, appointments, threads, readings, tenancies] = await Promise.all([
    some(ids("repair"), (list) =>
      db.selectFrom("repairs").select(["id", "type", "location", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("appointment"), (list) =>
      db.selectFrom("appointments").select(["id", "title", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("message"), (list) =>
      db.selectFrom("message_threads").select(["id", "subject", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("meter_reading"), (list) =>
      db.selectFrom("meter_readings").select(["id", "reading_date", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("tenancy"), (list) =>
      db
        .selectFrom("tenancies")
        .select(["id", "address", "apartment_number", "tenant_id"])
        .where("id", "in", list)
        .execute(),
    ),
  ]);
  for (const r of [...repairs, ...appointments, ...threads, ...readings, ...tenancies])
    if (r.tenant_id) tenantIds.add(r.tenant_id);
  const [tenants, staff, buildings, replies, notices, serviceKinds, servicePlans, serviceRecords] = await Promise.all([
    some([...tenantIds], (list) =>
      db.selectFrom("tenants").select(["id", "first_name", "last_name"]).where("id", "in", list).execute(),
    ),
    some([...staffIds], (list) =>
      db.selectFrom("staff_users").select(["id", "name"]).where("id", "in", list).execute(),
    ),
    some([...buildingIds], (list) =>
      db.selectFrom("buildings").select(["id", "name"]).where("id", "in", list).execute(),
    ),
    some(ids("canned_reply"), (list) =>
      db.selectFrom("canned_replies").select(["id", "title"]).where("id", "in", list).execute(),
    ),
    some(ids("notice"), (list) => db.selectFrom("notices").select(["id", "title"]).where("id", "in", list).execute()),
    some(ids("service_kind"), (list) =>
      db.selectFrom("service_kinds").select(["id", "name"]).where("id", "in", list).execute(),
    ),
    some(ids("service_plan"), (list) =>
      db
        .selectFrom("service_plans as p")
        .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
        .innerJoin("buildings as b", "b.id", "p.building_id")
        .select(["p.id", "k.name as service", "b.name as building"])
        .where("p.id", "in", list)
        .execute(),
    ),
    some(ids("service_record"), (list) =>
      db
        .selectFrom("service_records as r")
        .innerJoin("service_kinds as k", "k.id", "r.service_kind_id")
        .innerJoin("buildings as b", "b.id", "r.building_id")
        .select(["r.id", "r.started_at", "k.name as service", "b.name as building"])
        .where("r.id", "in", list)
        .execute(),
    ),
  ]);
  for (const t of tenants) tenantsById.set(t.id, fullName(t));
  const tenant = (id: string | null) => {
    if (id === null) return null;
    const name = tenantsById.get(id);
    return name === undefined ? null : { id, name };
  };
  for (const r of repairs)
    items.set(`repair:${r.id}`, { label: repairTitle(r.type, r.location), tenant: tenant(r.tenant_id) });
  for (const a of appointments) items.set(`appointment:${a.id}`, { label: a.title, tenant: tenant(a.tenant_id) });
  for (const t of threads) items.set(`message:${t.id}`, { label: t.subject, tenant: tenant(t.tenant_id) });
  for (const m of readings)
    items.set(`meter_reading:${m.id}`, {
      label: `Zählerstand vom ${formatCalendarDate(m.reading_date)}`,
      tenant: tenant(m.tenant_id),
    });
  for (const t of tenancies)
    items.set(`tenancy:${t.id}`, {
      label: [t.address, t.apartment_number ? `Whg. ${t.apartment_number}` : null].filter(Boolean).join(", "),
      tenant: tenant(t.tenant_id),
    });
  for (const id of ids("tenant")) {
    const name = tenantsById.get(id);
    if (name !== undefined) items.set(`tenant:${id}`, { label: name, tenant: null });
  }
  for (const m of staff) items.set(`staff:${m.id}`, { label: m.name, tenant: null });
  for (const c of replies) items.set(`canned_reply:${c.id}`, { label: c.title, tenant: null });
  for (const n of notices) items.set(`notice:${n.id}`, { label: n.title, tenant: null });
  for (const k of serviceKinds) items.set(`service_kind:${k.id}`, { label: k.name, tenant: null });
  for (const p of servicePlans)
    items.set(`service_plan:${p.id}`, { label: `${p.service} – ${p.building}`, tenant: null });
  for (const r of serviceRecords)
    items.set(`service_record:${r.id}`, {
      label: `${r.service} – ${r.building}, ${berlinDateTime.format(new Date(r.started_at))}`,
      tenant: null,
    });
  for (const [key, label] of await serviceFeedbackLabels(db, ids)) items.set(key, { label, tenant: null });
  return {
    items,
    staff: new Map(staff.map((m) => [m.id, m.name])),
    buildings: new Map(buildings.map((b) => [b.id, b.name])),
  };
}

/**
 * Tenants' reports and ratings and missed visits (decision 048): "Leistung fehlt: <Leistung> – <Haus>,
 * <Tag>". No tenant is named: a rating is anonymous, and a report's conversation names its tenant.
 */
async function serviceFeedbackLabels(db: Db, ids: (type: string) => string[]): Promise<[string, string][]> {
  const [reports, ratings, visits] = await Promise.all([
    some(ids("service_report"), (list) =>
      db
        .selectFrom("service_reports as r")
        .innerJoin("service_kinds as k", "k.id", "r.service_kind_id")
        .innerJoin("buildings as b", "b.id", "r.building_id")
        .select(["r.id", "r.occurred_on as day", "k.name as service", "b.name as building"])
        .where("r.id", "in", list)
        .execute(),
    ),
    some(ids("service_rating"), (list) =>
      db
        .selectFrom("service_ratings as r")
        .innerJoin("service_kinds as k", "k.id", "r.service_kind_id")
        .innerJoin("buildings as b", "b.id", "r.building_id")
        .select(["r.id", "r.planned_on as day", "k.name as service", "b.name as building"])
        .where("r.id", "in", list)
        .execute(),
    ),
    some(ids("service_visit"), (list) =>
      db
        .selectFrom("service_visits as v")
        .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
        .innerJoin("buildings as b", "b.id", "v.building_id")
        .select(["v.id", "v.planned_on as day", "k.name as service", "b.name as building"])
        .where("v.id", "in", list)
        .execute(),
    ),
  ]);
  const label = (prefix: string, r: { service: string; building: string; day: string }) =>
    `${prefix}${r.service} – ${r.building}, ${formatCalendarDate(r.day)}`;
  return [
    ...reports.map((r): [string, string] => [`service_report:${r.id}`, label("Leistung fehlt: ", r)]),
    ...ratings.map((r): [string, string] => [`service_rating:${r.id}`, label("Bewertung: ", r)]),
    ...visits.map((r): [string, string] => [`service_visit:${r.id}`, label("", r)]),
  ];
}

async function some<T>(list: string[], load: (list: string[]) => Promise<T[]>): Promise<T[]> {
  return list.length === 0 ? [] : load(list);
}
