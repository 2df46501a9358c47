import { randomUUID } from "node:crypto";
import type { AuditEntry } from "@mieter-portal/contracts/staff";
import type { Db } from "../db/connection.js";

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
/** Strictly increasing within the process, so entries of one request keep their order in the log. */
function nextInstant(): string {
  lastAt = Math.max(Date.now(), lastAt + 1);
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
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.at,
      staff: { id: r.staff_id, name: r.staff_name },
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      before: r.before_json ? JSON.parse(r.before_json) : null,
      after: r.after_json ? JSON.parse(r.after_json) : null,
      ip: r.ip,
    })),
    next_cursor: rows.length > filter.limit && last ? encode(last.at, last.id) : null,
  };
}
