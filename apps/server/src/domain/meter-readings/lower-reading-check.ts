import { LOWER_READING_MESSAGES, METER_VALUE_FIELDS, type MeterReadingSubmission } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { nowIso, valueToMilli } from "../../lib/time.js";
import { lowerMeters, previousMilli } from "./meter-readings.js";

/**
 * A value lower than the tenant's last reading of that meter (the latest one on or before the
 * reading date) goes through only when the tenant confirmed it explicitly (`confirmLower: true`,
 * issue 12); otherwise 400 `reading_lower_unconfirmed` naming the meters, with a line per field.
 * The repository flags a confirmed one for the management (lower_flags).
 */
export async function refuseUnconfirmedLower(
  db: Db,
  tenantId: string,
  body: Pick<
    MeterReadingSubmission,
    "waterReading" | "electricityReading" | "heatingReading" | "readingDate" | "confirmLower"
  >,
): Promise<void> {
  if (body.confirmLower === true) return;
  const values = {
    water_milli: valueToMilli(body.waterReading),
    electricity_milli: valueToMilli(body.electricityReading),
    heating_milli: valueToMilli(body.heatingReading),
  };
  // Where the new reading will stand: on its date, after everything submitted so far.
  const place = { reading_date: body.readingDate, submitted_at: nowIso(), id: "" };
  const lower = lowerMeters(values, await previousMilli(db, tenantId, place));
  if (lower.length === 0) return;
  const fields = Object.fromEntries(lower.map((meter) => [METER_VALUE_FIELDS[meter], LOWER_READING_MESSAGES.field]));
  throw new HttpError(400, "reading_lower_unconfirmed", LOWER_READING_MESSAGES.refused(lower), fields);
}
