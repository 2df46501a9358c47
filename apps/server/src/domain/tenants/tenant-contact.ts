import { ACCESS_MONTHS_AFTER_TENANCY } from "@mieter-portal/contracts";
import { type Db, withTransaction } from "../../db/connection.js";
import { tenantSearchText } from "../../lib/search-text.js";
import { tenantSortKey } from "../../lib/sort-key.js";
import { addMonths, berlinToday } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { ensureRentCharges } from "../ledger/rent-charges.js";
import { requestTenantReading } from "../meter-readings/meter-campaigns.js";
import { normalizeEmail } from "./auth.js";
import { currentTenancyIdFor, currentTenancyOf } from "./current-tenancy.js";
import {
  addDays,
  EMAIL_TAKEN,
  emailTaken,
  NO_PASSWORD,
  noEmailKey,
  type OnboardingResult,
} from "./tenant-onboarding.js";

/**
 * A tenant's contact data and place, changed by staff, and the end of the current tenancy
 * (move-out). Split from tenant-onboarding.ts (decision 037).
 */

/** The tenant's building (current tenancy) and contact data, for scope checks and audit entries. */
export async function findTenantContact(db: Db, tenantId: string) {
  const row = await db
    .selectFrom("tenants")
    .select((eb) => [
      "tenants.id",
      "tenants.first_name",
      "tenants.last_name",
      "tenants.email",
      "tenants.password_hash",
      eb
        .selectFrom("tenancies")
        .select("tenancies.building_id")
        .where("tenancies.id", "=", currentTenancyIdFor(db, "tenants.id"))
        .as("building_id"),
    ])
    .where("tenants.id", "=", tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email === "" ? null : row.email,
    hasPassword: row.password_hash !== NO_PASSWORD,
    buildingId: row.building_id ?? null,
  };
}

/** Name, street address and unit of the current tenancy (the letter's address block). */
export async function findTenantPlace(db: Db, tenantId: string) {
  const row = await db
    .selectFrom("tenants")
    .leftJoin("tenancies", (join) => join.on("tenancies.id", "=", currentTenancyIdFor(db, "tenants.id")))
    .select(["tenants.first_name", "tenants.last_name", "tenancies.address", "tenancies.apartment_number"])
    .where("tenants.id", "=", tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: `${row.first_name} ${row.last_name}`.trim(),
    address: row.address ?? null,
    unit: row.apartment_number ?? null,
  };
}

/** Name and e-mail address; an active tenant keeps an address (they sign in with it). */
export async function updateTenantContact(
  db: Db,
  actor: AuditActor,
  tenantId: string,
  changes: { firstName?: string; lastName?: string; email?: string | null },
): Promise<OnboardingResult<undefined>> {
  return withTransaction(db, async (trx) => {
    const before = await findTenantContact(trx, tenantId);
    if (!before) return { kind: "not_found" };
    const set: {
      first_name?: string;
      last_name?: string;
      email?: string;
      email_normalized?: string;
      search_text?: string;
      sort_key?: string;
    } = {};
    if (changes.firstName !== undefined) set.first_name = changes.firstName;
    if (changes.lastName !== undefined) set.last_name = changes.lastName;
    if (changes.email !== undefined) {
      if (changes.email === null) {
        if (before.hasPassword) {
          return {
            kind: "invalid",
            message: "Der Mieter meldet sich mit seiner E-Mail-Adresse an; sie kann nicht entfernt werden.",
            field: "email",
          };
        }
        set.email = "";
        set.email_normalized = noEmailKey(tenantId);
      } else {
        if (await emailTaken(trx, changes.email, tenantId))
          return { kind: "invalid", message: EMAIL_TAKEN, field: "email" };
        set.email = changes.email;
        set.email_normalized = normalizeEmail(changes.email);
      }
    }
    set.search_text = tenantSearchText({
      firstName: set.first_name ?? before.firstName,
      lastName: set.last_name ?? before.lastName,
      email: set.email ?? before.email ?? "",
    });
    set.sort_key = tenantSortKey({
      firstName: set.first_name ?? before.firstName,
      lastName: set.last_name ?? before.lastName,
    });
    await trx.updateTable("tenants").set(set).where("id", "=", tenantId).execute();
    await recordAudit(trx, actor, {
      action: "tenant.update_contact",
      entityType: "tenant",
      entityId: tenantId,
      buildingId: before.buildingId,
      before: { first_name: before.firstName, last_name: before.lastName, email: before.email },
      after: {
        first_name: changes.firstName ?? before.firstName,
        last_name: changes.lastName ?? before.lastName,
        email: changes.email === undefined ? before.email : changes.email,
      },
    });
    return { kind: "ok", value: undefined };
  });
}

/** Ends the current tenancy; portal access ends ACCESS_MONTHS_AFTER_TENANCY months later. */
export async function endCurrentTenancy(
  db: Db,
  actor: AuditActor,
  tenantId: string,
  endDate: string,
  today = berlinToday(),
): Promise<
  OnboardingResult<{
    tenancyId: string;
    buildingId: string | null;
    accessUntil: string;
    unit: string | null;
    /** null: the tenancy had an end already (asked then), or no building to ask in. */
    moveOutReading: { campaignId: string; startsOn: string; endsOn: string } | null;
    endMoved: boolean;
  }>
> {
  return withTransaction(db, async (trx) => {
    const tenancy = await currentTenancyOf(trx, tenantId)
      .select(["id", "start_date", "end_date", "building_id", "apartment_number"])
      .executeTakeFirst();
    if (!tenancy) return { kind: "conflict", message: "Der Mieter hat kein Mietverhältnis." };
    if (endDate < tenancy.start_date) {
      return {
        kind: "invalid",
        message: "Das Ende darf nicht vor dem Beginn des Mietverhältnisses liegen.",
        field: "end_date",
      };
    }
    await trx.updateTable("tenancies").set({ end_date: endDate }).where("id", "=", tenancy.id).execute();
    // Charges of months after the end that nobody paid yet are removed, the end month's is prorated.
    await ensureRentCharges(trx, { tenancyId: tenancy.id, today });
    const accessUntil = addMonths(endDate, ACCESS_MONTHS_AFTER_TENANCY);
    await recordAudit(trx, actor, {
      action: "tenancy.end",
      entityType: "tenancy",
      entityId: tenancy.id,
      buildingId: tenancy.building_id,
      before: { end_date: tenancy.end_date },
      after: { end_date: endDate, access_until: accessUntil },
    });
    // The move-out reading (FAQ: readings are due at move-out): an on-demand campaign for this
    // tenant around the end date: from a week before (not before today) to a week after (at least
    // 14 days). Asked once, when the tenancy is ended; moving the end date later asks nobody twice.
    const later = (a: string, b: string) => (a > b ? a : b);
    const startsOn = later(addDays(endDate, -7), today);
    const periodEnd = later(addDays(endDate, 7), addDays(startsOn, 13));
    const campaignId =
      tenancy.end_date === null
        ? await requestTenantReading(trx, { tenantId, startsOn, endsOn: periodEnd, reason: "Auszug" }, actor, today)
        : undefined;
    return {
      kind: "ok",
      value: {
        tenancyId: tenancy.id,
        buildingId: tenancy.building_id,
        accessUntil,
        unit: tenancy.apartment_number,
        moveOutReading: campaignId ? { campaignId, startsOn, endsOn: periodEnd } : null,
        endMoved: tenancy.end_date !== null,
      },
    };
  });
}
