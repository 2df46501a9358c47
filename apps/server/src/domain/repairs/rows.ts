import { randomUUID } from "node:crypto";
import type { ActorKind, RepairStatus } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

/** Who made a history entry in seeded data. */
type Actor = { kind: ActorKind; name: string };

export interface RepairSeed {
  type: string;
  location: string;
  description: string;
  urgency: string;
  plannedDate?: string | null;
  /** Status changes in order; the first is the report, the last is the current status. */
  history: { status: RepairStatus; at: string; actor: Actor; note?: string | null }[];
}

export async function insertRepair(db: Db, tenantId: string, r: RepairSeed): Promise<string> {
  const id = randomUUID();
  const first = r.history[0]!;
  const last = r.history[r.history.length - 1]!;
  await db
    .insertInto("repairs")
    .values({
      id,
      tenant_id: tenantId,
      type: r.type,
      location: r.location,
      description: r.description,
      urgency: r.urgency,
      status: last.status,
      reported_at: first.at,
      planned_date: r.plannedDate ?? null,
      completed_at: last.status === "completed" ? last.at : null,
      updated_at: last.at,
    })
    .execute();
  await db
    .insertInto("repair_status_history")
    .values(
      r.history.map((h) => ({
        id: randomUUID(),
        repair_id: id,
        status: h.status,
        changed_at: h.at,
        actor_kind: h.actor.kind,
        actor_name: h.actor.name,
        note: h.note ?? null,
      })),
    )
    .execute();
  return id;
}
