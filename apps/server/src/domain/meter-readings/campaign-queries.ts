import {
  API_BASE,
  type CampaignKind,
  type CampaignMeter,
  type CampaignStatus,
  type MeterKind,
  type TenantMeterCampaign,
} from "@mieter-portal/contracts";
import type {
  MeterCampaignParticipant,
  StaffMeterCampaign,
  StaffMeterCampaignDetail,
} from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import type { MeterReadingRow } from "../../db/types.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { berlinToday, milliToValue } from "../../lib/time.js";
import { BATCH_ROWS } from "./meter-campaigns.js";
import { METER_ORDER, parseLowerFlags } from "./meter-readings.js";

/**
 * Meter reading campaigns: where each tenant stands, the tenant's and the console's reads (split
 * from meter-campaigns.ts, decision 037).
 */

export type CampaignRow = {
  id: string;
  building_id: string;
  meter: CampaignMeter;
  kind: CampaignKind;
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

export const MILLI = { water: "water_milli", electricity: "electricity_milli", heating: "heating_milli" } as const;

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
export async function participantStates(db: Db, campaign: CampaignRow, tenantId?: string): Promise<ParticipantState[]> {
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
export const hasSubmitted = (status: CampaignStatus) => status === "submitted" || status === "accepted";

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
        meter: c.meter,
        kind: c.kind,
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
    db
      .selectFrom("buildings")
      .select(["id", "name", "address"])
      .where("id", "=", campaign.building_id)
      .executeTakeFirst(),
    campaign.created_by
      ? db.selectFrom("staff_users").select(["id", "name"]).where("id", "=", campaign.created_by).executeTakeFirst()
      : undefined,
  ]);
  return {
    id: campaign.id,
    building: building ?? { id: campaign.building_id, name: "", address: "" },
    meter: campaign.meter,
    kind: campaign.kind,
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
  photos: { id: string; meter: MeterKind | null; filename: string; mime_type: string; size_bytes: number }[];
}

/** The participants with name, e-mail and the photos of their reading, in unit order, then name. */
export async function participantDetails(
  db: Db,
  campaign: CampaignRow,
): Promise<{ building: { id: string; name: string; address: string }; rows: ParticipantDetail[] }> {
  const states = await participantStates(db, campaign);
  const building = (await db
    .selectFrom("buildings")
    .select(["id", "name", "address"])
    .where("id", "=", campaign.building_id)
    .executeTakeFirst()) ?? { id: campaign.building_id, name: "", address: "" };
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
            meter: p.meter!,
          })),
        }
      : null,
  }));
  return { ...summary, participants };
}
