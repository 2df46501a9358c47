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

/** Rows per statement: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK = 500;

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

/** An appointment row of any tenant (bulk seeding, test factories), with or without its status changes. */
export interface AppointmentRowSeed extends Omit<AppointmentSeed, "changes" | "type" | "status" | "origin"> {
  id?: string;
  tenantId: string;
  type: AppointmentType;
  status: AppointmentStatus;
  /** The column's default (management) unless given. */
  origin?: "tenant" | "management";
  createdAt: string;
  updatedAt: string;
  changes?: AppointmentSeed["changes"];
}

/** Inserts appointments (and their status changes, where given) in chunks; returns their ids in order. */
export async function insertAppointments(db: Db, appointments: AppointmentRowSeed[]): Promise<string[]> {
  const rows = appointments.map((a) => ({
    id: a.id ?? randomUUID(),
    tenant_id: a.tenantId,
    type: a.type,
    title: a.title,
    status: a.status,
    ...(a.origin === undefined ? {} : { origin: a.origin }),
    start_time: a.startTime,
    end_time: a.endTime,
    requested_date: a.requestedDate ?? null,
    time_slot: a.timeSlot ?? null,
    notes: a.notes ?? null,
    location: a.location ?? null,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  }));
  const changes = appointments.flatMap((a, n) =>
    (a.changes ?? []).map((c) => ({
      id: randomUUID(),
      appointment_id: rows[n]!.id,
      status: c.status,
      changed_at: c.at,
      actor_kind: c.actor.kind,
      actor_name: c.actor.name,
    })),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("appointments")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  for (let i = 0; i < changes.length; i += CHUNK) {
    await db
      .insertInto("appointment_status_changes")
      .values(changes.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}

export async function insertAppointment(db: Db, tenantId: string, a: AppointmentSeed): Promise<string> {
  const [id] = await insertAppointments(db, [
    { ...a, tenantId, createdAt: a.changes[0]!.at, updatedAt: a.changes[a.changes.length - 1]!.at },
  ]);
  return id!;
}
