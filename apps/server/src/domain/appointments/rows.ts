import { randomUUID } from "node:crypto";
import type { ActorKind, AppointmentStatus, AppointmentType } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

/** Who made a history entry in seeded data. */
type Actor = { kind: ActorKind; name: string };

export interface AppointmentSeed {
  type: AppointmentType;
  title: string;
  status: AppointmentStatus;
  /** tenant: the tenant's request (requested day and slot); management: a proposal the tenant confirms. */
  origin: "tenant" | "management";
  startTime: string;
  endTime: string;
  requestedDate?: string | null;
  timeSlot?: "morning" | "afternoon" | "evening" | null;
  notes?: string | null;
  location?: string | null;
  /** Status changes in order; the first one is the creation. */
  changes: { status: AppointmentStatus; at: string; actor: Actor }[];
}

export async function insertAppointment(db: Db, tenantId: string, a: AppointmentSeed): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("appointments")
    .values({
      id,
      tenant_id: tenantId,
      type: a.type,
      title: a.title,
      status: a.status,
      origin: a.origin,
      start_time: a.startTime,
      end_time: a.endTime,
      requested_date: a.requestedDate ?? null,
      time_slot: a.timeSlot ?? null,
      notes: a.notes ?? null,
      location: a.location ?? null,
      created_at: a.changes[0]!.at,
      updated_at: a.changes[a.changes.length - 1]!.at,
    })
    .execute();
  await db
    .insertInto("appointment_status_changes")
    .values(
      a.changes.map((c) => ({
        id: randomUUID(),
        appointment_id: id,
        status: c.status,
        changed_at: c.at,
        actor_kind: c.actor.kind,
        actor_name: c.actor.name,
      })),
    )
    .execute();
  return id;
}
