import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

export async function insertMeterReading(
  db: Db,
  tenantId: string,
  r: { readingDate: string; submittedAt: string; waterMilli: number; electricityMilli: number; heatingMilli: number },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("meter_readings")
    .values({
      id,
      tenant_id: tenantId,
      reading_date: r.readingDate,
      submitted_at: r.submittedAt,
      water_milli: r.waterMilli,
      electricity_milli: r.electricityMilli,
      heating_milli: r.heatingMilli,
    })
    .execute();
  return id;
}
