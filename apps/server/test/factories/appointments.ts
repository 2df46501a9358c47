import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/connection.js";
import { nowIso } from "../../src/lib/time.js";

const HOUR = 3_600_000;

/**
 * Inserts an appointment; by default a pending inspection the management proposed, starting in
 * two days, lasting two hours.
 */
export async function insertAppointment(
  db: Db,
  tenantId: string,
  overrides: Partial<{
    type: string;
    title: string;
    status: string;
    startTime: string;
    endTime: string;
    location: string | null;
    /** Who asked: "management" (a proposal the tenant confirms, the default) or "tenant" (a request). */
    origin: "tenant" | "management";
  }> = {},
): Promise<string> {
  const id = randomUUID();
  const start = overrides.startTime ?? new Date(Date.now() + 48 * HOUR).toISOString();
  const end = overrides.endTime ?? new Date(Date.parse(start) + 2 * HOUR).toISOString();
  const at = nowIso();
  await db
    .insertInto("appointments")
    .values({
      id,
      tenant_id: tenantId,
      type: overrides.type ?? "inspection",
      title: overrides.title ?? "Rauchmelder-Wartung",
      status: overrides.status ?? "pending",
      origin: overrides.origin ?? "management",
      start_time: start,
      end_time: end,
      requested_date: null,
      time_slot: null,
      notes: null,
      location: overrides.location !== undefined ? overrides.location : "Wohnung",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
