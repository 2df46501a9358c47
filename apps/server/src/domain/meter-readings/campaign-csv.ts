import { API_BASE, CAMPAIGN_STATUS_LABELS, type MeterKind } from "@mieter-portal/contracts";
import { campaignExportFileName } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import { germanDateOf } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { MILLI, metersOf, participantDetails } from "./campaign-queries.js";
import { METER_TITLES, parseLowerFlags } from "./meter-readings.js";

/**
 * Meter reading campaigns: the CSV export for the utility billing (docs/meter-campaign-export.md;
 * split from meter-campaigns.ts, decision 037).
 */

/** The export's columns, in order (docs/meter-campaign-export.md). */
export const CAMPAIGN_CSV_HEADERS = [
  "Einheit",
  "Mieter",
  "Zähler",
  "Zählerstand",
  "Einheit des Zählerstands",
  "Ablesedatum",
  "Foto",
  "Hinweis",
  "Status",
] as const;

const METER_UNIT: Record<MeterKind, string> = { water: "m³", electricity: "kWh", heating: "kWh" };

/**
 * A cell for German Excel: quoted when it holds the separator, a quote or a line break; text that a
 * spreadsheet would read as a formula (= + - @, tab, carriage return first) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 1234.5 → "1234,5" (decimal comma, no thousands separator, up to three decimals). */
export const germanNumber = (value: number): string => String(Math.round(value * 1000) / 1000).replace(".", ",");

/**
 * The campaign as CSV for the utility billing: UTF-8 with a byte-order mark, semicolon-separated,
 * CRLF line ends, German headers; one row per tenant and meter (a campaign for all meters has
 * three rows per tenant), in unit order. Readings with a German decimal comma, dates as DD.MM.YYYY,
 * the photo as an absolute link into the staff API (it needs a staff sign-in), the flag
 * "niedriger als zuvor" for a value lower than the tenant's previous reading of that meter.
 * Undefined when there is no such campaign.
 */
export async function exportMeterCampaignCsv(
  db: Db,
  id: string,
  publicUrl: string,
  /** Who exports (the audit entry `meter_campaign.exported`); absent for the bench. */
  actor?: AuditActor,
): Promise<string | undefined> {
  const campaign = await db.selectFrom("meter_campaigns").selectAll().where("id", "=", id).executeTakeFirst();
  if (!campaign) return undefined;
  const { rows } = await participantDetails(db, campaign);
  if (actor) {
    await recordAudit(db, actor, {
      action: "meter_campaign.exported",
      entityType: "meter_campaign",
      entityId: id,
      buildingId: campaign.building_id,
      after: { rows: rows.length },
    });
  }
  const lines = [CAMPAIGN_CSV_HEADERS.join(";")];
  const base = publicUrl.replace(/\/+$/, "");
  for (const { state, tenant, photos } of rows) {
    const reading = state.reading;
    const lower = reading ? parseLowerFlags(reading.lower_flags) : [];
    for (const meter of metersOf(campaign.meter)) {
      const milli = reading ? reading[MILLI[meter]] : null;
      const photo = photos.find((p) => p.meter === meter);
      const has = milli != null;
      lines.push(
        [
          csvCell(state.unit),
          csvCell(`${tenant.last_name}, ${tenant.first_name}`),
          METER_TITLES[meter],
          has ? germanNumber(milli / 1000) : "",
          METER_UNIT[meter],
          has && reading ? germanDateOf(reading.reading_date) : "",
          has && photo ? `${base}${API_BASE}/staff/photos/${photo.id}` : "",
          has && lower.includes(meter) ? "niedriger als zuvor" : "",
          CAMPAIGN_STATUS_LABELS[has ? state.status : "open"],
        ].join(";"),
      );
    }
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The export's file name: zaehlerstaende-<building's name and address>-<meter>-<start>.csv (ASCII). */
export async function campaignFileName(db: Db, id: string): Promise<string> {
  const row = await db
    .selectFrom("meter_campaigns as c")
    .innerJoin("buildings as b", "b.id", "c.building_id")
    .select(["b.name", "b.address", "c.meter", "c.starts_on"])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) return "zaehlerstaende.csv";
  return campaignExportFileName({
    building: { name: row.name, address: row.address },
    meter: row.meter,
    starts_on: row.starts_on,
  });
}
