import { API_BASE } from "@mieter-portal/contracts";
import type { StaffMeterReading } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import type { MeterReadingRow } from "../../db/types.js";
import { germanDateOf, milliToValue, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { closeInboxItem } from "../inbox/inbox.js";
import { type StaffAuthor, startThreadAsStaff } from "../messages/staff-threads.js";
import type { MailContext } from "../notifications/notify.js";
import { findPhotosByOwner, toPhotoInfo } from "../photos/photos.js";
import { tenantRefOf } from "../tenants/staff-tenants.js";
import { parseLowerFlags, previousMilli } from "./meter-readings.js";

/**
 * The management looks at meter readings (issue 11 §3): a reading lower than the tenant's previous
 * one waits in the inbox until a staff member accepts it or asks the tenant for a new one.
 */

const value = (milli: number | null) => milliToValue(milli == null ? null : Number(milli));

export async function findStaffMeterReading(
  db: Db,
  id: string,
): Promise<{ reading: StaffMeterReading; buildingId: string | null; tenantId: string } | undefined> {
  const row = await db.selectFrom("meter_readings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [tenant, previous, photos] = await Promise.all([
    tenantRefOf(db, row.tenant_id),
    previousMilli(db, row.tenant_id, row),
    findPhotosByOwner(db, row.tenant_id, "meter_reading", [row.id]),
  ]);
  if (!tenant) return undefined;
  const { buildingId, ...tenantRef } = tenant;
  return {
    buildingId,
    tenantId: row.tenant_id,
    reading: {
      id: row.id,
      reading_date: row.reading_date,
      submitted_at: row.submitted_at,
      water_reading: value(row.water_milli),
      electricity_reading: value(row.electricity_milli),
      heating_reading: value(row.heating_milli),
      lower_than_previous: parseLowerFlags(row.lower_flags),
      previous: {
        water_reading: value(previous.water),
        electricity_reading: value(previous.electricity),
        heating_reading: value(previous.heating),
      },
      review: row.review === "accepted" || row.review === "renewal_requested" ? row.review : null,
      photos: (photos.get(row.id) ?? []).map((p) => ({
        ...toPhotoInfo(p),
        url: `${API_BASE}/staff/photos/${p.id}`,
        meter: p.meter!,
      })),
      tenant: tenantRef,
    },
  };
}

const reviewOf = (row: Pick<MeterReadingRow, "review" | "reviewed_at" | "reviewed_by">) => ({
  review: row.review,
  reviewed_at: row.reviewed_at,
  reviewed_by: row.reviewed_by,
});

async function setReview(
  trx: Db,
  id: string,
  review: "accepted" | "renewal_requested",
  actor: AuditActor,
  extra: Record<string, unknown> = {},
): Promise<MeterReadingRow | undefined> {
  const before = await trx.selectFrom("meter_readings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!before || before.review === review) return undefined;
  const after = { review, reviewed_at: nowIso(), reviewed_by: actor.staffId };
  // Guarded by the review we read, so two staff members answering at once act only once.
  const updated = await trx
    .updateTable("meter_readings")
    .set(after)
    .where("id", "=", id)
    .where((eb) => (before.review === null ? eb("review", "is", null) : eb("review", "=", before.review)))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return undefined;
  await closeInboxItem(trx, "meter_reading", id);
  await recordAudit(trx, actor, {
    action: review === "accepted" ? "meter_reading.accepted" : "meter_reading.renewal_requested",
    entityType: "meter_reading",
    entityId: id,
    buildingId: (await tenantRefOf(trx, before.tenant_id))?.buildingId ?? null,
    before: reviewOf(before),
    after: { ...after, ...extra },
  });
  return before;
}

/** The reading stands as it is (e.g. a replaced meter): leaves the inbox. Accepting twice changes nothing. */
export async function acceptMeterReading(db: Db, id: string, actor: AuditActor): Promise<void> {
  await withTransaction(db, async (trx) => {
    await setReview(trx, id, "accepted", actor);
  });
}

export const RENEWAL_SUBJECT = "Bitte lesen Sie Ihren Zähler erneut ab";

/**
 * Asks the tenant for a new reading: the review is recorded, the item leaves the inbox and a new
 * conversation carries the message to the tenant (who is mailed about it), in one transaction.
 * Returns the conversation's id, or "already_requested" when the tenant was asked already.
 */
export async function requestMeterRenewal(
  db: Db,
  id: string,
  message: string,
  author: StaffAuthor,
  mail: MailContext,
): Promise<string | "already_requested"> {
  return withTransaction(db, async (trx) => {
    const before = await setReview(trx, id, "renewal_requested", author, { message });
    if (!before) return "already_requested";
    return startThreadAsStaff(
      trx,
      before.tenant_id,
      { subject: `${RENEWAL_SUBJECT} (Zählerstand vom ${germanDateOf(before.reading_date)})`, content: message },
      author,
      mail,
    );
  });
}
