import { randomUUID } from "node:crypto";
import { METER_NAMES, type MeterKind, type MeterReading } from "@mieter-portal/contracts";
import { sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import type { MeterReadingRow, PhotoRow } from "../../db/types.js";
import type { FileStore } from "../../lib/file-store.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { germanDateOf, milliToValue, nowIso, valueToMilli } from "../../lib/time.js";
import { type CheckedFile, putAll, removeAll } from "../../lib/uploads.js";
import { currentBuildingOf, meterReviewDueAt, putInboxItem } from "../inbox/inbox.js";
import { type MailContext, notifyStaffOfNewItem } from "../notifications/notify.js";
import { findPhotosByOwner, insertPhotos, toPhotoInfo } from "../photos/photos.js";

export const METER_ORDER: MeterKind[] = ["water", "electricity", "heating"];

/** German names of the meters (inbox titles, staff lines). */
export const METER_TITLES: Record<MeterKind, string> = METER_NAMES;

const MILLI_COLUMN = {
  water: "water_milli",
  electricity: "electricity_milli",
  heating: "heating_milli",
} as const satisfies Record<MeterKind, keyof MeterReadingRow>;

/** Where a reading stands in the tenant's history: by reading date, then submission, then id. */
export interface ReadingPlace {
  reading_date: string;
  submitted_at: string;
  id: string;
}

/**
 * The tenant's previous value of each meter before a reading (thousandths): the latest earlier
 * reading that has a value for that meter; null when there is none.
 */
export async function previousMilli(
  db: Db,
  tenantId: string,
  place: ReadingPlace,
): Promise<Record<MeterKind, number | null>> {
  const values = await Promise.all(
    METER_ORDER.map(async (meter) => {
      const column = MILLI_COLUMN[meter];
      const row = await db
        .selectFrom("meter_readings")
        .select(column)
        .where("tenant_id", "=", tenantId)
        .where(column, "is not", null)
        .where((eb) =>
          eb(
            eb.refTuple("reading_date", "submitted_at", "id"),
            "<",
            eb.tuple(place.reading_date, place.submitted_at, place.id),
          ),
        )
        .orderBy("reading_date", "desc")
        .orderBy("submitted_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const value = row?.[column];
      return [meter, value == null ? null : Number(value)] as const;
    }),
  );
  return Object.fromEntries(values) as Record<MeterKind, number | null>;
}

/** The meters whose value is lower than the previous one, in meter order. */
export function lowerMeters(
  row: Pick<MeterReadingRow, "water_milli" | "electricity_milli" | "heating_milli">,
  previous: Record<MeterKind, number | null>,
): MeterKind[] {
  return METER_ORDER.filter((meter) => {
    const value = row[MILLI_COLUMN[meter]];
    const before = previous[meter];
    return value != null && before != null && Number(value) < before;
  });
}

/** lower_flags is stored as a comma list of meter kinds ("" for none). */
export const parseLowerFlags = (flags: string): MeterKind[] =>
  flags.split(",").filter((f): f is MeterKind => (METER_ORDER as string[]).includes(f));

function toMeterReading(row: MeterReadingRow, photos: PhotoRow[]): MeterReading {
  return {
    id: row.id,
    reading_date: row.reading_date,
    submitted_at: row.submitted_at,
    water_reading: milliToValue(row.water_milli == null ? null : Number(row.water_milli)),
    electricity_reading: milliToValue(row.electricity_milli == null ? null : Number(row.electricity_milli)),
    heating_reading: milliToValue(row.heating_milli == null ? null : Number(row.heating_milli)),
    photos: photos.map((p) => ({ ...toPhotoInfo(p), meter: p.meter! })),
  };
}

const CURSOR_LIST = "meter-readings";

interface ReadingPosition {
  date: string;
  submitted: string;
  id: string;
}

/**
 * The tenant's readings, newest reading date first, then newest submission (meter_readings_tenant_idx),
 * behind `after`, at most `limit` rows plus one.
 */
function readingRows(db: Db, tenantId: string, after: ReadingPosition | null, limit: number) {
  let query = db.selectFrom("meter_readings").selectAll().where("tenant_id", "=", tenantId);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple("reading_date", "submitted_at", "id"), "<", eb.tuple(after.date, after.submitted, after.id)),
    );
  }
  return query
    .orderBy("reading_date", "desc")
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .limit(sql.lit(limit + 1));
}

const readingQueries = {
  first: prepareQueryByLimit(["tenantId"], (db, p, limit) => readingRows(db, p.tenantId, null, limit)),
  after: prepareQueryByLimit(["tenantId", "date", "submitted", "id"], (db, p, limit) =>
    readingRows(db, p.tenantId, { date: p.date, submitted: p.submitted, id: p.id }, limit),
  ),
};

/** One page of the tenant's readings, newest reading date first (then newest submission), with photo metadata. */
export async function listMeterReadings(db: Db, tenantId: string, page: PageRequest): Promise<Page<MeterReading>> {
  let rows: MeterReadingRow[];
  if (page.cursor) {
    const [date, submitted, id] = decodeCursor(CURSOR_LIST, page.cursor, 3) as [string, string, string];
    rows = await readingQueries.after(page.limit).execute(db, { tenantId, date, submitted, id });
  } else {
    rows = await readingQueries.first(page.limit).execute(db, { tenantId });
  }
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, CURSOR_LIST, (row) => [
    row.reading_date,
    row.submitted_at,
    row.id,
  ]);
  const photos = await findPhotosByOwner(
    db,
    tenantId,
    "meter_reading",
    pageRows.map((r) => r.id),
  );
  return { items: pageRows.map((r) => toMeterReading(r, photos.get(r.id) ?? [])), nextCursor };
}

export interface NewMeterReading {
  readingDate: string;
  water?: number | null;
  electricity?: number | null;
  heating?: number | null;
  /** Already checked photos, at most one per meter. */
  photos: { meter: MeterKind; file: CheckedFile }[];
}

/**
 * Stores the photo files, then writes the reading and its photo rows in one transaction;
 * when the database write fails the stored files are removed again.
 */
export async function createMeterReading(
  db: Db,
  files: FileStore,
  tenantId: string,
  input: NewMeterReading,
  /** Tells the building's staff about a lower-than-last reading (absent in seeds and repository tests). */
  mail?: MailContext,
): Promise<MeterReading> {
  const photos = [...input.photos].sort((a, b) => METER_ORDER.indexOf(a.meter) - METER_ORDER.indexOf(b.meter));
  const keys = await putAll(
    files,
    photos.map((p) => p.file),
  );
  const row: MeterReadingRow = {
    id: randomUUID(),
    tenant_id: tenantId,
    reading_date: input.readingDate,
    submitted_at: nowIso(),
    water_milli: valueToMilli(input.water),
    electricity_milli: valueToMilli(input.electricity),
    heating_milli: valueToMilli(input.heating),
    lower_flags: "",
    review: null,
    reviewed_at: null,
    reviewed_by: null,
  };
  try {
    const photoRows = await withTransaction(db, async (trx) => {
      // A value lower than the tenant's previous one of that meter is flagged and waits for a look.
      const lower = lowerMeters(row, await previousMilli(trx, tenantId, row));
      row.lower_flags = lower.join(",");
      await trx.insertInto("meter_readings").values(row).execute();
      if (lower.length > 0) {
        const meters = lower.map((m) => METER_TITLES[m]).join(", ");
        await putInboxItem(trx, {
          kind: "meter_reading",
          itemId: row.id,
          tenantId,
          state: "new",
          title: `Zählerstand niedriger als zuvor: ${meters}`,
          createdAt: row.submitted_at,
          dueAt: meterReviewDueAt(row.submitted_at),
        });
        if (mail) {
          const tenant = await trx
            .selectFrom("tenants")
            .select(["first_name", "last_name"])
            .where("id", "=", tenantId)
            .executeTakeFirst();
          await notifyStaffOfNewItem(trx, mail, await currentBuildingOf(trx, tenantId), {
            kind: "meter_reading",
            line: `Zählerstand vom ${germanDateOf(row.reading_date)} niedriger als zuvor (${meters}) – ${tenant ? `${tenant.first_name} ${tenant.last_name}` : ""}`,
          });
        }
      }
      return insertPhotos(
        trx,
        { tenantId, type: "meter_reading", id: row.id, createdAt: row.submitted_at },
        photos.map((p, i) => ({
          file: p.file,
          storageKey: keys[i]!,
          position: METER_ORDER.indexOf(p.meter),
          meter: p.meter,
        })),
      );
    });
    return toMeterReading(row, photoRows);
  } catch (err) {
    await removeAll(files, keys);
    throw err;
  }
}
