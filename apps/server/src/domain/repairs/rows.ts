import { randomUUID } from "node:crypto";
import type { ActorKind, RepairLocation, RepairStatus, RepairType, Urgency } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

/** Who made a history entry in seeded data. */
type Actor = { kind: ActorKind; name: string };

/** Rows per statement: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK = 500;

export interface RepairSeed {
  id?: string;
  type: RepairType;
  location: RepairLocation;
  description: string;
  urgency: Urgency;
  plannedDate?: string | null;
  /** Status changes in order; the first is the report, the last is the current status. */
  history: { status: RepairStatus; at: string; actor: Actor; note?: string | null }[];
  /**
   * The current status when it is not the last history entry's (test factories put a repair in
   * a status without its history); it then has no completion time.
   */
  status?: RepairStatus;
}

/** Inserts repairs with their status histories in chunks; returns their ids in order. */
export async function insertRepairs(db: Db, repairs: (RepairSeed & { tenantId: string })[]): Promise<string[]> {
  const rows = repairs.map((r) => {
    const first = r.history[0]!;
    const last = r.history[r.history.length - 1]!;
    return {
      id: r.id ?? randomUUID(),
      tenant_id: r.tenantId,
      type: r.type,
      location: r.location,
      description: r.description,
      urgency: r.urgency,
      status: r.status ?? last.status,
      reported_at: first.at,
      planned_date: r.plannedDate ?? null,
      completed_at: r.status === undefined && last.status === "completed" ? last.at : null,
      updated_at: last.at,
    };
  });
  const history = repairs.flatMap((r, n) =>
    r.history.map((h) => ({
      id: randomUUID(),
      repair_id: rows[n]!.id,
      status: h.status,
      changed_at: h.at,
      actor_kind: h.actor.kind,
      actor_name: h.actor.name,
      note: h.note ?? null,
    })),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("repairs")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  for (let i = 0; i < history.length; i += CHUNK) {
    await db
      .insertInto("repair_status_history")
      .values(history.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}

export async function insertRepair(db: Db, tenantId: string, r: RepairSeed): Promise<string> {
  const [id] = await insertRepairs(db, [{ ...r, tenantId }]);
  return id!;
}
