import { randomUUID } from "node:crypto";
import {
  API_BASE,
  addDays,
  CAMPAIGN_METER_LABELS,
  CAMPAIGN_STATUS_LABELS,
  type CampaignKind,
  type CampaignMeter,
  type CampaignStatus,
  type MeterKind,
  type TenantMeterCampaign,
} from "@mieter-portal/contracts";
import {
  campaignExportFileName,
  type MeterCampaignParticipant,
  type StaffMeterCampaign,
  type StaffMeterCampaignDetail,
} from "@mieter-portal/contracts/staff";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import type { MeterReadingRow } from "../../db/types.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { berlinToday, berlinToUtc, germanDateOf, milliToValue, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMails, type OutboxMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import { tenantMailText } from "../notifications/notify.js";
import { METER_ORDER, METER_TITLES, parseLowerFlags } from "./meter-readings.js";

/**
 * Meter reading campaigns (issue 14 §5; docs/decisions/019-meter-reading-campaigns.md).
 *
 * A campaign asks the tenants of one building for one meter (or all meters) within a period of
 * Berlin calendar dates: by default the turn of the year, 27 December to 3 January (the FAQ), or on
 * demand for one tenant (a move-out). Who is asked is fixed when it starts. A tenant's status comes
 * from their latest reading *dated* within the period that has a value for the campaign's meter —
 * the tenant app's ordinary form is the way to answer, nothing links a reading to a campaign.
 * Mails: a start mail at 8:00 (Berlin) on the first day and a reminder at 8:00 two days before the
 * last day to those who have not submitted; `dispatchCampaignMails` (run by the notification worker
 * before each round) decides each at most once per tenant, in the transaction that writes the mail.
 */

export const CAMPAIGN_START_KIND = "meter_campaign_start";
export const CAMPAIGN_REMINDER_KIND = "meter_campaign_reminder";
/** Hour (Berlin) at which campaign mails fall due. */
const MAIL_HOUR = 8;
/** The reminder goes out this many days before the last day. */
const REMINDER_DAYS_BEFORE_END = 2;
/** An on-demand request runs this many days by default (today included). */
export const ON_DEMAND_DAYS = 14;
const BATCH_ROWS = 500;

/**
 * The turn-of-the-year period that is running on `today` or comes next: 27 December to
 * 3 January (on 2 January 2027: 2026-12-27 … 2027-01-03; on 10 January: 2027-12-27 … 2028-01-03).
 */
export function defaultCampaignPeriod(today: string): { startsOn: string; endsOn: string } {
  const year = Number(today.slice(0, 4));
  if (today.slice(5) <= "01-03") return { startsOn: `${year - 1}-12-27`, endsOn: `${year}-01-03` };
  return { startsOn: `${year}-12-27`, endsOn: `${year + 1}-01-03` };
}

/** When the start mail falls due: 8:00 Berlin on the first day. */
export const startMailDue = (startsOn: string): Date => berlinToUtc(startsOn, MAIL_HOUR);

/**
 * When the reminder falls due: 8:00 Berlin two days before the last day; null when that is not
 * after the start mail (a period of three days or less: the start mail is the reminder).
 */
export function reminderDue(startsOn: string, endsOn: string): Date | null {
  const day = addDays(endsOn, -REMINDER_DAYS_BEFORE_END);
  return day > startsOn ? berlinToUtc(day, MAIL_HOUR) : null;
}

export interface StartCampaignInput {
  buildingId: string;
  meter: CampaignMeter;
  /** Both or neither; neither: defaultCampaignPeriod(today). */
  startsOn?: string | undefined;
  endsOn?: string | undefined;
  /** On demand: only these tenants (each needs a tenancy in the building, running or not). */
  tenantIds?: string[] | undefined;
  /** Why (e.g. "Auszug"); shown to the tenant and in the console. */
  reason?: string | null | undefined;
}

export type StartCampaignResult =
  | { ok: true; id: string; participantCount: number }
  | { ok: false; problem: "building_not_found" | "no_tenants" | "tenant_not_in_building" | "period_invalid" };

/** German answers for a refused start (routes and the admin CLI). */
export const START_PROBLEMS: Record<Exclude<StartCampaignResult, { ok: true }>["problem"], string> = {
  building_not_found: "Das Gebäude gibt es nicht.",
  no_tenants: "In diesem Gebäude wohnt derzeit niemand mit laufendem Mietverhältnis.",
  tenant_not_in_building: "Die Mieterin oder der Mieter hat kein Mietverhältnis in diesem Gebäude.",
  period_invalid: "Das Ende des Zeitraums liegt vor seinem Beginn.",
};

/** The unit a campaign lists: the apartment number, or the address when the tenancy has none. */
const unitOf = (row: { apartment_number: string | null; address: string }) => row.apartment_number || row.address;

/**
 * Starts a campaign: the campaign, one row per tenant asked and the audit entry
 * (`meter_campaign.started`) in one transaction. Without tenantIds every tenant with a running
 * tenancy in the building is asked. The mails follow from the worker (dispatchCampaignMails).
 */
export async function startMeterCampaign(
  db: Db,
  input: StartCampaignInput,
  actor: AuditActor,
  today = berlinToday(),
): Promise<StartCampaignResult> {
  const period =
    input.startsOn && input.endsOn ? { startsOn: input.startsOn, endsOn: input.endsOn } : defaultCampaignPeriod(today);
  if (period.endsOn < period.startsOn) return { ok: false, problem: "period_invalid" };
  return withTransaction(db, async (trx) => {
    const building = await trx
      .selectFrom("buildings")
      .select(["id", "name"])
      .where("id", "=", input.buildingId)
      .executeTakeFirst();
    if (!building) return { ok: false, problem: "building_not_found" } as const;
    let query = trx
      .selectFrom("tenancies")
      .select(["tenant_id", "apartment_number", "address", "start_date", "id"])
      .where("building_id", "=", input.buildingId);
    if (input.tenantIds) {
      if (input.tenantIds.length === 0) return { ok: false, problem: "tenant_not_in_building" } as const;
      query = query.where("tenant_id", "in", input.tenantIds);
    } else {
      query = query.where((e) => e.or([e("end_date", "is", null), e("end_date", ">=", today)]));
    }
    const tenancies = await query.orderBy("tenant_id").orderBy("start_date", "desc").orderBy("id", "desc").execute();
    // One row per tenant: their latest tenancy in the building gives the unit.
    const units = new Map<string, string>();
    for (const t of tenancies) if (!units.has(t.tenant_id)) units.set(t.tenant_id, unitOf(t));
    if (input.tenantIds?.some((id) => !units.has(id))) {
      return { ok: false, problem: "tenant_not_in_building" } as const;
    }
    if (units.size === 0) return { ok: false, problem: "no_tenants" } as const;
    const kind: CampaignKind = input.tenantIds ? "on_demand" : "period";
    const campaign = {
      id: randomUUID(),
      building_id: input.buildingId,
      meter: input.meter,
      kind,
      reason: input.reason?.trim() || null,
      starts_on: period.startsOn,
      ends_on: period.endsOn,
      participant_count: units.size,
      created_by: actor.staffId,
      created_at: nowIso(),
    };
    await trx.insertInto("meter_campaigns").values(campaign).execute();
    const rows = [...units].map(([tenantId, unit]) => ({
      campaign_id: campaign.id,
      tenant_id: tenantId,
      unit,
      start_mail_at: null,
      reminder_at: null,
    }));
    for (let i = 0; i < rows.length; i += BATCH_ROWS) {
      await trx
        .insertInto("meter_campaign_tenants")
        .values(rows.slice(i, i + BATCH_ROWS))
        .execute();
    }
    await recordAudit(trx, actor, {
      action: "meter_campaign.started",
      entityType: "meter_campaign",
      entityId: campaign.id,
      buildingId: campaign.building_id,
      after: {
        meter: campaign.meter,
        kind,
        reason: campaign.reason,
        starts_on: campaign.starts_on,
        ends_on: campaign.ends_on,
        participant_count: campaign.participant_count,
        ...(input.tenantIds ? { tenant_ids: input.tenantIds } : {}),
      },
    });
    return { ok: true, id: campaign.id, participantCount: units.size } as const;
  });
}

export interface TenantReadingRequest {
  tenantId: string;
  /** Default: all meters. */
  meter?: CampaignMeter;
  /** Default: today … today + 13 days. */
  startsOn?: string;
  endsOn?: string;
  /** Default "Auszug". */
  reason?: string;
}

/**
 * Asks one tenant for a reading on demand (a move-out): an on-demand campaign in the building of
 * their latest tenancy (running or ended). Returns the campaign's id, or undefined when the tenant
 * has no tenancy in any building. Works inside the caller's transaction (ending a tenancy).
 */
export async function requestTenantReading(
  db: Db,
  request: TenantReadingRequest,
  actor: AuditActor,
  today = berlinToday(),
): Promise<string | undefined> {
  const tenancy = await db
    .selectFrom("tenancies")
    .select("building_id")
    .where("tenant_id", "=", request.tenantId)
    .where("building_id", "is not", null)
    .orderBy("start_date", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!tenancy?.building_id) return undefined;
  const startsOn = request.startsOn ?? today;
  const result = await startMeterCampaign(
    db,
    {
      buildingId: tenancy.building_id,
      meter: request.meter ?? "all",
      startsOn,
      endsOn: request.endsOn ?? addDays(startsOn, ON_DEMAND_DAYS - 1),
      tenantIds: [request.tenantId],
      reason: request.reason ?? "Auszug",
    },
    actor,
    today,
  );
  return result.ok ? result.id : undefined;
}

// ---------------------------------------------------------------------------------------------
// Where each tenant stands

type CampaignRow = {
  id: string;
  building_id: string;
  meter: string;
  kind: string;
  reason: string | null;
  starts_on: string;
  ends_on: string;
  participant_count: number;
  created_by: string | null;
  created_at: string;
};

interface ParticipantState {
  tenantId: string;
  unit: string;
  status: CampaignStatus;
  reading: MeterReadingRow | null;
  startMailAt: string | null;
}

const MILLI = { water: "water_milli", electricity: "electricity_milli", heating: "heating_milli" } as const;

/** The campaign's meters: one, or all three. */
export const metersOf = (meter: string): MeterKind[] =>
  meter === "all" ? METER_ORDER : METER_ORDER.filter((m) => m === meter);

function statusOf(reading: Pick<MeterReadingRow, "review"> | null): CampaignStatus {
  if (!reading) return "open";
  if (reading.review === "accepted") return "accepted";
  if (reading.review === "renewal_requested") return "sent_back";
  return "submitted";
}

/**
 * Each participant (optionally only `tenantIds`) with their latest reading dated within the period
 * that has a value for the campaign's meter: one query, participants joined to their readings
 * (meter_readings_tenant_idx), newest reading first per tenant.
 */
async function participantStates(db: Db, campaign: CampaignRow, tenantId?: string): Promise<ParticipantState[]> {
  const meters = metersOf(campaign.meter);
  let query = db
    .selectFrom("meter_campaign_tenants as p")
    .leftJoin("meter_readings as r", (join) =>
      join
        .onRef("r.tenant_id", "=", "p.tenant_id")
        .on("r.reading_date", ">=", campaign.starts_on)
        .on("r.reading_date", "<=", campaign.ends_on)
        .on((eb) => eb.or(meters.map((m) => eb(`r.${MILLI[m]}`, "is not", null)))),
    )
    .select([
      "p.tenant_id as participant",
      "p.unit",
      "p.start_mail_at",
      "r.id",
      "r.tenant_id",
      "r.reading_date",
      "r.submitted_at",
      "r.water_milli",
      "r.electricity_milli",
      "r.heating_milli",
      "r.lower_flags",
      "r.review",
      "r.reviewed_at",
      "r.reviewed_by",
    ])
    .where("p.campaign_id", "=", campaign.id);
  if (tenantId) query = query.where("p.tenant_id", "=", tenantId);
  const rows = await query
    .orderBy("p.tenant_id")
    .orderBy("r.reading_date", "desc")
    .orderBy("r.submitted_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
  const states: ParticipantState[] = [];
  let last: string | undefined;
  for (const row of rows) {
    if (row.participant === last) continue;
    last = row.participant;
    const reading: MeterReadingRow | null = row.id
      ? {
          id: row.id,
          tenant_id: row.participant,
          reading_date: row.reading_date as string,
          submitted_at: row.submitted_at as string,
          water_milli: row.water_milli == null ? null : Number(row.water_milli),
          electricity_milli: row.electricity_milli == null ? null : Number(row.electricity_milli),
          heating_milli: row.heating_milli == null ? null : Number(row.heating_milli),
          lower_flags: row.lower_flags ?? "",
          review: row.review ?? null,
          reviewed_at: row.reviewed_at ?? null,
          reviewed_by: row.reviewed_by ?? null,
        }
      : null;
    states.push({
      tenantId: row.participant,
      unit: row.unit,
      status: statusOf(reading),
      reading,
      startMailAt: row.start_mail_at,
    });
  }
  return states;
}

/** Counted as submitted in the console: submitted or accepted (not open, not sent back). */
const hasSubmitted = (status: CampaignStatus) => status === "submitted" || status === "accepted";

// ---------------------------------------------------------------------------------------------
// The tenant's side

/** The tenant's campaigns whose period runs today (their dashboard card), last day first. */
export async function listTenantCampaigns(
  db: Db,
  tenantId: string,
  today = berlinToday(),
): Promise<TenantMeterCampaign[]> {
  const campaigns = await db
    .selectFrom("meter_campaign_tenants as p")
    .innerJoin("meter_campaigns as c", "c.id", "p.campaign_id")
    .selectAll("c")
    .where("p.tenant_id", "=", tenantId)
    .where("c.starts_on", "<=", today)
    .where("c.ends_on", ">=", today)
    .orderBy("c.ends_on")
    .orderBy("c.id")
    .execute();
  return Promise.all(
    campaigns.map(async (c) => {
      const [state] = await participantStates(db, c, tenantId);
      return {
        id: c.id,
        meter: c.meter as CampaignMeter,
        kind: c.kind as CampaignKind,
        reason: c.reason,
        starts_on: c.starts_on,
        ends_on: c.ends_on,
        status: state?.status ?? "open",
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The console's side

export interface CampaignScope {
  allBuildings: boolean;
  buildingIds: string[];
}

const CURSOR_LIST = "meter-campaigns";

async function summaryOf(db: Db, campaign: CampaignRow, states: ParticipantState[]): Promise<StaffMeterCampaign> {
  const [building, creator] = await Promise.all([
    db.selectFrom("buildings").select(["id", "name"]).where("id", "=", campaign.building_id).executeTakeFirst(),
    campaign.created_by
      ? db.selectFrom("staff_users").select(["id", "name"]).where("id", "=", campaign.created_by).executeTakeFirst()
      : undefined,
  ]);
  return {
    id: campaign.id,
    building: building ?? { id: campaign.building_id, name: "" },
    meter: campaign.meter as CampaignMeter,
    kind: campaign.kind as CampaignKind,
    reason: campaign.reason,
    starts_on: campaign.starts_on,
    ends_on: campaign.ends_on,
    participant_count: campaign.participant_count,
    submitted_count: states.filter((s) => hasSubmitted(s.status)).length,
    created_at: campaign.created_at,
    created_by: creator ?? null,
  };
}

/** Campaigns of the staff member's buildings (or one of them), newest period first. */
export async function listMeterCampaigns(
  db: Db,
  scope: CampaignScope,
  filter: { buildingId?: string | undefined },
  page: PageRequest,
): Promise<Page<StaffMeterCampaign>> {
  if (!scope.allBuildings && scope.buildingIds.length === 0) return { items: [], nextCursor: null };
  let query = db.selectFrom("meter_campaigns").selectAll();
  if (filter.buildingId) query = query.where("building_id", "=", filter.buildingId);
  if (!scope.allBuildings) query = query.where("building_id", "in", scope.buildingIds);
  if (page.cursor) {
    const [startsOn, id] = decodeCursor(CURSOR_LIST, page.cursor, 2) as [string, string];
    query = query.where((eb) => eb(eb.refTuple("starts_on", "id"), "<", eb.tuple(startsOn, id)));
  }
  const rows = await query
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .limit(page.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, CURSOR_LIST, (r) => [r.starts_on, r.id]);
  const items = await Promise.all(pageRows.map(async (c) => summaryOf(db, c, await participantStates(db, c))));
  return { items, nextCursor };
}

/** The campaign's building (for the route's scope check), or undefined when there is no such campaign. */
export async function campaignBuildingOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("meter_campaigns").select("building_id").where("id", "=", id).executeTakeFirst();
  return row?.building_id;
}

interface ParticipantDetail {
  state: ParticipantState;
  tenant: { id: string; first_name: string; last_name: string; email: string };
  photos: { id: string; meter: string | null; filename: string; mime_type: string; size_bytes: number }[];
}

/** The participants with name, e-mail and the photos of their reading, in unit order, then name. */
async function participantDetails(
  db: Db,
  campaign: CampaignRow,
): Promise<{ building: { id: string; name: string }; rows: ParticipantDetail[] }> {
  const states = await participantStates(db, campaign);
  const building = (await db
    .selectFrom("buildings")
    .select(["id", "name"])
    .where("id", "=", campaign.building_id)
    .executeTakeFirst()) ?? { id: campaign.building_id, name: "" };
  const tenants = new Map<string, ParticipantDetail["tenant"]>();
  const tenantRows = await db
    .selectFrom("meter_campaign_tenants as p")
    .innerJoin("tenants as t", "t.id", "p.tenant_id")
    .select(["t.id", "t.first_name", "t.last_name", "t.email"])
    .where("p.campaign_id", "=", campaign.id)
    .execute();
  for (const t of tenantRows) tenants.set(t.id, t);
  const readingIds = states.flatMap((s) => (s.reading ? [s.reading.id] : []));
  const photos = new Map<string, ParticipantDetail["photos"]>();
  for (let i = 0; i < readingIds.length; i += BATCH_ROWS) {
    const rows = await db
      .selectFrom("photos")
      .select(["id", "owner_id", "meter", "filename", "mime_type", "size_bytes"])
      .where("owner_type", "=", "meter_reading")
      .where("owner_id", "in", readingIds.slice(i, i + BATCH_ROWS))
      .orderBy("owner_id")
      .orderBy("position")
      .execute();
    for (const p of rows) photos.set(p.owner_id, [...(photos.get(p.owner_id) ?? []), p]);
  }
  const rows = states.flatMap((state) => {
    const tenant = tenants.get(state.tenantId);
    if (!tenant) return [];
    return [{ state, tenant, photos: state.reading ? (photos.get(state.reading.id) ?? []) : [] }];
  });
  const collator = new Intl.Collator("de", { numeric: true });
  rows.sort(
    (a, b) =>
      collator.compare(a.state.unit, b.state.unit) ||
      collator.compare(
        `${a.tenant.last_name} ${a.tenant.first_name}`,
        `${b.tenant.last_name} ${b.tenant.first_name}`,
      ) ||
      a.tenant.id.localeCompare(b.tenant.id),
  );
  return { building, rows };
}

const readingValue = (milli: number | null) => milliToValue(milli);

/** One campaign with every participant, their status, reading, flags and photos; undefined when missing. */
export async function findMeterCampaign(db: Db, id: string): Promise<StaffMeterCampaignDetail | undefined> {
  const campaign = await db.selectFrom("meter_campaigns").selectAll().where("id", "=", id).executeTakeFirst();
  if (!campaign) return undefined;
  const { building, rows } = await participantDetails(db, campaign);
  const summary = await summaryOf(
    db,
    campaign,
    rows.map((r) => r.state),
  );
  const participants: MeterCampaignParticipant[] = rows.map(({ state, tenant, photos }) => ({
    tenant: {
      id: tenant.id,
      name: `${tenant.first_name} ${tenant.last_name}`.trim(),
      email: tenant.email,
      building,
      unit: state.unit,
    },
    unit: state.unit,
    status: state.status,
    reading: state.reading
      ? {
          id: state.reading.id,
          reading_date: state.reading.reading_date,
          submitted_at: state.reading.submitted_at,
          water_reading: readingValue(state.reading.water_milli),
          electricity_reading: readingValue(state.reading.electricity_milli),
          heating_reading: readingValue(state.reading.heating_milli),
          lower_than_previous: parseLowerFlags(state.reading.lower_flags),
          review:
            state.reading.review === "accepted" || state.reading.review === "renewal_requested"
              ? state.reading.review
              : null,
          photos: photos.map((p) => ({
            id: p.id,
            filename: p.filename,
            file_type: p.mime_type,
            file_size: Number(p.size_bytes),
            url: `${API_BASE}/staff/photos/${p.id}`,
            meter: p.meter as MeterKind,
          })),
        }
      : null,
  }));
  return { ...summary, participants };
}

// ---------------------------------------------------------------------------------------------
// The CSV export for the utility billing

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

/** The export's file name: zaehlerstaende-<building>-<meter>-<start>.csv (ASCII). */
export async function campaignFileName(db: Db, id: string): Promise<string> {
  const row = await db
    .selectFrom("meter_campaigns as c")
    .innerJoin("buildings as b", "b.id", "c.building_id")
    .select(["b.name", "c.meter", "c.starts_on"])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) return "zaehlerstaende.csv";
  return campaignExportFileName({ building: { name: row.name }, meter: row.meter, starts_on: row.starts_on });
}

// ---------------------------------------------------------------------------------------------
// Mails

function periodText(c: Pick<CampaignRow, "starts_on" | "ends_on">) {
  return `vom ${germanDateOf(c.starts_on)} bis zum ${germanDateOf(c.ends_on)}`;
}

function meterText(meter: string) {
  return meter === "all"
    ? "Ihre Zählerstände (Wasser, Strom, Heizung)"
    : `Ihren Zählerstand (${CAMPAIGN_METER_LABELS[meter as CampaignMeter]})`;
}

/** The start mail's subject and lines. */
export function campaignStartMail(c: Pick<CampaignRow, "starts_on" | "ends_on" | "meter" | "reason">) {
  return {
    subject: `Bitte Zählerstand melden bis ${germanDateOf(c.ends_on)}`,
    lines: [
      `bitte lesen Sie ${periodText(c)} ${meterText(c.meter)} ab und melden Sie ${c.meter === "all" ? "sie" : "ihn"} im Mieter-Portal unter „Zählerstände“${c.reason ? ` (Anlass: ${c.reason})` : ""}.`,
      "Ein Foto des Zählers hilft uns bei der Prüfung.",
    ],
  };
}

/** The reminder's subject and lines. */
export function campaignReminderMail(c: Pick<CampaignRow, "starts_on" | "ends_on" | "meter" | "reason">) {
  return {
    subject: `Erinnerung: Zählerstand bis ${germanDateOf(c.ends_on)} melden`,
    lines: [
      `von Ihnen fehlt noch ${c.meter === "all" ? "der Zählerstand (Wasser, Strom, Heizung)" : `der Zählerstand (${CAMPAIGN_METER_LABELS[c.meter as CampaignMeter]})`} für den Zeitraum ${periodText(c)}.`,
      `Bitte melden Sie ${c.meter === "all" ? "sie" : "ihn"} bis zum ${germanDateOf(c.ends_on)} im Mieter-Portal unter „Zählerstände“.`,
      "Fehlende Zählerstände müssen wir sonst anhand des bisherigen Verbrauchs schätzen.",
    ],
  };
}

/**
 * Decides the due campaign mails and records them in the outbox (run by the notification worker
 * before each round; tests pass `now`). Per campaign running today, in one transaction each:
 * - from 8:00 on the first day, every participant's start mail: the row's `start_mail_at` is set
 *   (guarded by `IS NULL`, so two workers never both take a tenant) and a mail is written to those
 *   who have not submitted and have e-mail on;
 * - from 8:00 two days before the last day, the reminder likewise (`reminder_at`), mailed to those
 *   who still have not submitted, have e-mail on and got their start mail before the reminder fell
 *   due (a campaign started late sends its start mail only).
 * The preference and the submission count when the mail falls due. Returns the mails written.
 */
export async function dispatchCampaignMails(db: Db, ctx: MailContext, now = new Date()): Promise<number> {
  const today = berlinToday(now);
  const nowText = now.toISOString();
  const campaigns = await db
    .selectFrom("meter_campaigns")
    .selectAll()
    .where("ends_on", ">=", today)
    .where("starts_on", "<=", today)
    .execute();
  let written = 0;
  for (const campaign of campaigns) {
    const startDue = startMailDue(campaign.starts_on);
    if (now < startDue) continue;
    const remindAt = reminderDue(campaign.starts_on, campaign.ends_on);
    written += await withTransaction(db, async (trx) => {
      const claimedStart = await trx
        .updateTable("meter_campaign_tenants")
        .set({ start_mail_at: nowText })
        .where("campaign_id", "=", campaign.id)
        .where("start_mail_at", "is", null)
        .returning("tenant_id")
        .execute();
      const claimedReminder =
        remindAt && now >= remindAt
          ? await trx
              .updateTable("meter_campaign_tenants")
              .set({ reminder_at: nowText })
              .where("campaign_id", "=", campaign.id)
              .where("reminder_at", "is", null)
              .where("start_mail_at", "is not", null)
              .returning(["tenant_id", "start_mail_at"])
              .execute()
          : [];
      const startIds = new Set(claimedStart.map((r) => r.tenant_id));
      const reminderIds = new Set(
        claimedReminder
          .filter((r) => remindAt && !startIds.has(r.tenant_id) && (r.start_mail_at as string) < remindAt.toISOString())
          .map((r) => r.tenant_id),
      );
      if (startIds.size === 0 && reminderIds.size === 0) return 0;
      const open = new Set(
        (await participantStates(trx, campaign)).filter((s) => !hasSubmitted(s.status)).map((s) => s.tenantId),
      );
      const wanted = [...startIds, ...reminderIds].filter((id) => open.has(id));
      const tenants = new Map<string, { email: string; first_name: string; last_name: string }>();
      for (let i = 0; i < wanted.length; i += BATCH_ROWS) {
        const rows = await trx
          .selectFrom("tenants")
          .select(["id", "email", "first_name", "last_name"])
          .where("id", "in", wanted.slice(i, i + BATCH_ROWS))
          .where("notify_email", "=", 1)
          .execute();
        for (const t of rows) tenants.set(t.id, t);
      }
      const mails: OutboxMail[] = [];
      const add = (tenantId: string, kind: string, mail: { subject: string; lines: string[] }) => {
        const tenant = tenants.get(tenantId);
        if (!tenant?.email) return;
        mails.push({
          recipientKind: "tenant",
          recipientId: tenantId,
          to: tenant.email,
          kind,
          subject: `${ctx.company}: ${mail.subject}`,
          body: tenantMailText(ctx, tenant, { lines: mail.lines, path: "/meter-readings" }),
        });
      };
      for (const id of startIds) if (open.has(id)) add(id, CAMPAIGN_START_KIND, campaignStartMail(campaign));
      for (const id of reminderIds) if (open.has(id)) add(id, CAMPAIGN_REMINDER_KIND, campaignReminderMail(campaign));
      await enqueueMails(trx, mails);
      return mails.length;
    });
  }
  return written;
}

// ---------------------------------------------------------------------------------------------
// "Offene jetzt erinnern" (issue 25 item 20)

/** The audit action of a reminder staff sent by hand; at most one per campaign and Berlin day. */
const MANUAL_REMINDER_ACTION = "meter_campaign.reminded";

export type RemindOpenResult =
  | { ok: true; mailed: number; open: number }
  | { ok: false; problem: "not_found" | "already_today" | "not_running" };

export const REMIND_PROBLEMS: Record<Exclude<RemindOpenResult, { ok: true }>["problem"], string> = {
  not_found: "Diese Ablesung gibt es nicht.",
  already_today: "Die Offenen wurden heute schon erinnert. Eine weitere Erinnerung ist ab morgen möglich.",
  not_running: "Diese Ablesung läuft nicht mehr (oder noch nicht): Erinnern geht nur während des Zeitraums.",
};

/**
 * Mails the reminder now to every participant who has not submitted and has e-mail on, and
 * records `meter_campaign.reminded` (with how many were open and mailed). At most once per
 * campaign and Berlin day: the campaign's row is locked (PostgreSQL; SQLite writes one at a
 * time) while the day's audit entry is looked for, so two clicks at once mail once.
 */
export async function remindOpenParticipants(
  db: Db,
  ctx: MailContext,
  campaignId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<RemindOpenResult> {
  const today = berlinToday(now);
  return withTransaction(db, async (trx) => {
    let query = trx.selectFrom("meter_campaigns").selectAll().where("id", "=", campaignId);
    if (isPostgres(trx)) query = query.forUpdate();
    const campaign = await query.executeTakeFirst();
    if (!campaign) return { ok: false, problem: "not_found" };
    if (today < campaign.starts_on || today > campaign.ends_on) return { ok: false, problem: "not_running" };
    const earlier = await trx
      .selectFrom("audit_log")
      .select("at")
      .where("action", "=", MANUAL_REMINDER_ACTION)
      .where("entity_type", "=", "meter_campaign")
      .where("entity_id", "=", campaignId)
      .execute();
    if (earlier.some((row) => berlinToday(new Date(row.at)) === today)) return { ok: false, problem: "already_today" };
    const openIds = (await participantStates(trx, campaign))
      .filter((s) => !hasSubmitted(s.status))
      .map((s) => s.tenantId);
    const mails: OutboxMail[] = [];
    const mail = campaignReminderMail(campaign);
    for (let i = 0; i < openIds.length; i += BATCH_ROWS) {
      const rows = await trx
        .selectFrom("tenants")
        .select(["id", "email", "first_name", "last_name"])
        .where("id", "in", openIds.slice(i, i + BATCH_ROWS))
        .where("notify_email", "=", 1)
        .execute();
      for (const tenant of rows) {
        if (!tenant.email) continue;
        mails.push({
          recipientKind: "tenant",
          recipientId: tenant.id,
          to: tenant.email,
          kind: CAMPAIGN_REMINDER_KIND,
          subject: `${ctx.company}: ${mail.subject}`,
          body: tenantMailText(ctx, tenant, { lines: mail.lines, path: "/meter-readings" }),
        });
      }
    }
    await enqueueMails(trx, mails);
    await recordAudit(trx, actor, {
      action: MANUAL_REMINDER_ACTION,
      entityType: "meter_campaign",
      entityId: campaignId,
      buildingId: campaign.building_id,
      after: { open: openIds.length, mailed: mails.length },
    });
    return { ok: true, mailed: mails.length, open: openIds.length };
  });
}
