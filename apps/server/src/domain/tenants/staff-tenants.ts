import { CLOSED_REPAIR_STATUSES, type RepairStatus } from "@mieter-portal/contracts";
import type { StaffTenantDetail, TenantRef } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import { berlinToday, centsToEuros } from "../../lib/time.js";
import { repairTitle } from "../repairs/repairs.js";
import { currentTenancyIdFor } from "./current-tenancy.js";
import { findInvitationState } from "./invitations.js";
import { toSummary } from "./staff-tenant-list.js";
import { NO_PASSWORD } from "./tenant-onboarding.js";

/** The tenant as the console names them: name, e-mail, building and apartment of the current tenancy. */
export async function tenantRefOf(
  db: Db,
  tenantId: string,
): Promise<(TenantRef & { buildingId: string | null }) | undefined> {
  const row = await db
    .selectFrom("tenants")
    .leftJoin("tenancies as current", (join) =>
      join.on((eb) => eb("current.id", "=", currentTenancyIdFor(db, "tenants.id"))),
    )
    .leftJoin("buildings", "buildings.id", "current.building_id")
    .select([
      "tenants.id",
      "tenants.first_name",
      "tenants.last_name",
      "tenants.email",
      "current.apartment_number",
      "buildings.id as building_id",
      "buildings.name as building_name",
    ])
    .where("tenants.id", "=", tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    building: row.building_id ? { id: row.building_id, name: row.building_name ?? "" } : null,
    unit: row.apartment_number ?? null,
    buildingId: row.building_id ?? null,
  };
}

export async function staffRefOf(db: Db, staffId: string | null) {
  if (!staffId) return null;
  const row = await db.selectFrom("staff_users").select(["id", "name"]).where("id", "=", staffId).executeTakeFirst();
  return row ?? null;
}

/** What the staff member may see of tenants: their buildings (or all) and which parts of a tenant page. */
export interface TenantScope {
  allBuildings: boolean;
  buildingIds: string[];
}

/** The tenant's current tenancy: the latest by start date (as tenantRefOf and the inbox use it). */
export function withCurrentTenancy(db: Db) {
  return (
    db
      .selectFrom("tenants")
      .leftJoin("tenancies as current", (join) =>
        join.on((eb) => eb("current.id", "=", currentTenancyIdFor(db, "tenants.id"))),
      )
      .leftJoin("buildings", "buildings.id", "current.building_id")
      // The latest invitation decides the invitation status (decision 018).
      .leftJoin("tenant_invitations as invitation", (join) =>
        join.on((eb) =>
          eb(
            "invitation.id",
            "=",
            eb
              .selectFrom("tenant_invitations")
              .select("tenant_invitations.id")
              .whereRef("tenant_invitations.tenant_id", "=", "tenants.id")
              .orderBy("tenant_invitations.created_at", "desc")
              .orderBy("tenant_invitations.id", "desc")
              .limit(1),
          ),
        ),
      )
      .select((eb) => [
        "tenants.id",
        "tenants.first_name",
        "tenants.last_name",
        "tenants.email",
        "tenants.sort_key",
        "current.address",
        "current.apartment_number",
        "current.end_date",
        "buildings.id as building_id",
        "buildings.name as building_name",
        eb.case().when("tenants.password_hash", "=", NO_PASSWORD).then(0).else(1).end().as("has_password"),
        "invitation.expires_at as invitation_expires_at",
        "invitation.used_at as invitation_used_at",
        "invitation.revoked_at as invitation_revoked_at",
      ])
  );
}

/** Which parts of a tenant page the role may see. */
export interface TenantPageParts {
  finances: boolean;
  messages: boolean;
  documents: boolean;
  meterReadings: boolean;
}

/** How many of each list a tenant page shows (newest first). */
const PAGE_LIST_MAX = 100;

/**
 * A tenant's page in the console: the tenancy, open and past repairs, conversations, appointments,
 * documents and meter readings. Parts the role may not see come back empty (conversations) or null
 * (tenancy with its rent, documents, readings).
 */
export async function findStaffTenantDetail(
  db: Db,
  tenantId: string,
  parts: TenantPageParts,
): Promise<{ detail: StaffTenantDetail; buildingId: string | null } | undefined> {
  const row = await withCurrentTenancy(db)
    .select([
      "current.id as tenancy_id",
      "current.start_date",
      "current.base_rent_cents",
      "current.utilities_cents",
      "current.payment_method",
      "current.due_day",
    ])
    .where("tenants.id", "=", tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [invitation, repairs, threads, appointments, documents, readings] = await Promise.all([
    findInvitationState(db, tenantId),
    db
      .selectFrom("repairs")
      .select(["id", "type", "location", "status", "reported_at"])
      .where("tenant_id", "=", tenantId)
      .orderBy("reported_at", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_LIST_MAX)
      .execute(),
    parts.messages
      ? db
          .selectFrom("message_threads")
          .select(["id", "subject", "last_message_at", "awaiting_reply_since"])
          .where("tenant_id", "=", tenantId)
          .orderBy("last_message_at", "desc")
          .orderBy("id", "desc")
          .limit(PAGE_LIST_MAX)
          .execute()
      : [],
    db
      .selectFrom("appointments")
      .select(["id", "title", "status", "start_time"])
      .where("tenant_id", "=", tenantId)
      .orderBy("start_time", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_LIST_MAX)
      .execute(),
    parts.documents
      ? db
          .selectFrom("documents")
          .select(["id", "title", "type", "uploaded_at"])
          .where("tenant_id", "=", tenantId)
          .orderBy("uploaded_at", "desc")
          .orderBy("id", "desc")
          .limit(PAGE_LIST_MAX)
          .execute()
      : null,
    parts.meterReadings
      ? db
          .selectFrom("meter_readings")
          .select(["id", "reading_date", "lower_flags"])
          .where("tenant_id", "=", tenantId)
          .orderBy("reading_date", "desc")
          .orderBy("submitted_at", "desc")
          .orderBy("id", "desc")
          .limit(PAGE_LIST_MAX)
          .execute()
      : null,
  ]);
  const repairItem = (r: (typeof repairs)[number]) => ({
    id: r.id,
    title: repairTitle(r.type, r.location),
    status: r.status,
    reported_at: r.reported_at,
  });
  const closed = (status: string) => CLOSED_REPAIR_STATUSES.includes(status as RepairStatus);
  return {
    buildingId: row.building_id ?? null,
    detail: {
      tenant: toSummary(row, berlinToday()),
      invitation: invitation ?? { status: "not_invited", channel: null, sent_at: null, expires_at: null },
      contact: { first_name: row.first_name, last_name: row.last_name, email: row.email === "" ? null : row.email },
      tenancy:
        parts.finances && row.start_date
          ? {
              id: row.tenancy_id ?? "",
              start_date: row.start_date,
              end_date: row.end_date ?? null,
              base_rent: centsToEuros(Number(row.base_rent_cents)),
              utilities: centsToEuros(Number(row.utilities_cents)),
              payment_method: row.payment_method ?? "",
              due_day: Number(row.due_day),
            }
          : null,
      open_repairs: repairs.filter((r) => !closed(r.status)).map(repairItem),
      past_repairs: repairs.filter((r) => closed(r.status)).map(repairItem),
      threads: threads.map((t) => ({
        id: t.id,
        subject: t.subject,
        last_message_at: t.last_message_at,
        awaiting_reply: t.awaiting_reply_since !== null,
      })),
      appointments: appointments.map((a) => ({
        id: a.id,
        title: a.title,
        status: a.status,
        start_time: a.start_time,
      })),
      documents:
        documents?.map((d) => ({
          id: d.id,
          title: d.title,
          type: d.type,
          uploaded_at: d.uploaded_at,
        })) ?? null,
      meter_readings:
        readings?.map((r) => ({ id: r.id, reading_date: r.reading_date, lower_than_previous: r.lower_flags !== "" })) ??
        null,
    },
  };
}
