import { randomUUID } from "node:crypto";
import { addDays, type CampaignKind, type CampaignMeter } from "@mieter-portal/contracts";
import { type Db, withTransaction } from "../../db/connection.js";
import { berlinToday, berlinToUtc, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { currentTenancyOf } from "../tenants/current-tenancy.js";

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
export const BATCH_ROWS = 500;

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
    const tenancies = await query
      .orderBy("tenant_id")
      .orderBy("start_date", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    // One row per tenant: their latest tenancy in the building gives the unit (ordered as the current
    // tenancy is chosen, tenants/current-tenancy.ts).
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
  const tenancy = await currentTenancyOf(db, request.tenantId).select("building_id").executeTakeFirst();
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
