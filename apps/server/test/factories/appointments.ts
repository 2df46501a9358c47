import type { AppointmentStatus, AppointmentType } from "@mieter-portal/contracts";
import type { Db } from "../../src/db/connection.js";
import { insertAppointments } from "../../src/domain/appointments/rows.js";
import { nowIso } from "../../src/lib/time.js";

const HOUR = 3_600_000;

/**
 * An appointment through domain/appointments/rows.ts; by default a pending inspection the
 * management proposed, starting in two days, lasting two hours (no status changes).
 */
export async function insertAppointment(
  db: Db,
  tenantId: string,
  overrides: Partial<{
    type: AppointmentType;
    title: string;
    status: AppointmentStatus;
    startTime: string;
    endTime: string;
    location: string | null;
    /** Who asked: "management" (a proposal the tenant confirms, the default) or "tenant" (a request). */
    origin: "tenant" | "management";
  }> = {},
): Promise<string> {
  const start = overrides.startTime ?? new Date(Date.now() + 48 * HOUR).toISOString();
  const end = overrides.endTime ?? new Date(Date.parse(start) + 2 * HOUR).toISOString();
  const at = nowIso();
  const [id] = await insertAppointments(db, [
    {
      tenantId,
      type: overrides.type ?? "inspection",
      title: overrides.title ?? "Rauchmelder-Wartung",
      status: overrides.status ?? "pending",
      origin: overrides.origin ?? "management",
      startTime: start,
      endTime: end,
      location: overrides.location !== undefined ? overrides.location : "Wohnung",
      createdAt: at,
      updatedAt: at,
    },
  ]);
  return id!;
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
