import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

/** Rows per statement: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK = 500;

export interface MeterReadingSeed {
  id?: string;
  readingDate: string;
  submittedAt: string;
  /** Thousandths; null for a meter not read. */
  waterMilli: number | null;
  electricityMilli: number | null;
  heatingMilli: number | null;
}

/** Inserts readings in chunks; returns their ids in order. */
export async function insertMeterReadings(
  db: Db,
  readings: (MeterReadingSeed & { tenantId: string })[],
): Promise<string[]> {
  const rows = readings.map((r) => ({
    id: r.id ?? randomUUID(),
    tenant_id: r.tenantId,
    reading_date: r.readingDate,
    submitted_at: r.submittedAt,
    water_milli: r.waterMilli,
    electricity_milli: r.electricityMilli,
    heating_milli: r.heatingMilli,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("meter_readings")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}

export async function insertMeterReading(db: Db, tenantId: string, r: MeterReadingSeed): Promise<string> {
  const [id] = await insertMeterReadings(db, [{ ...r, tenantId }]);
  return id!;
}
