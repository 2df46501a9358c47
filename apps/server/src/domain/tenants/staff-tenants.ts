import {
  type AppointmentStatus,
  CLOSED_REPAIR_STATUSES,
  type DocumentType,
  type RepairStatus,
} from "@mieter-portal/contracts";
import type {
  InvitationStatus,
  StaffTenantDetail,
  StaffTenantSummary,
  TenantRef,
} from "@mieter-portal/contracts/staff";
import { type ExpressionBuilder, sql } from "kysely";
import { type Db, isPostgres } from "../../db/connection.js";
import type { Database, TenanciesTable, TenantInvitationsTable } from "../../db/types.js";
import { containsFolded, searchWords } from "../../lib/search-text.js";
import { berlinToday, centsToEuros, nowIso } from "../../lib/time.js";
import { repairTitle } from "../repairs/repairs.js";
import { findInvitationState, invitationStatusOf, NO_PASSWORD } from "./tenant-onboarding.js";

/** The tenant as the console names them: name, e-mail, building and apartment of the current tenancy. */
export async function tenantRefOf(
  db: Db,
  tenantId: string,
): Promise<(TenantRef & { buildingId: string | null }) | undefined> {
  const row = await db
    .selectFrom("tenants")
    .leftJoin("tenancies as current", (join) =>
      join.on((eb) =>
        eb(
          "current.id",
          "=",
          eb
            .selectFrom("tenancies")
            .select("tenancies.id")
            .whereRef("tenancies.tenant_id", "=", "tenants.id")
            .orderBy("tenancies.start_date", "desc")
            .orderBy("tenancies.created_at", "desc")
            .orderBy("tenancies.id", "desc")
            .limit(1),
        ),
      ),
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
function withCurrentTenancy(db: Db) {
  return (
    db
      .selectFrom("tenants")
      .leftJoin("tenancies as current", (join) =>
        join.on((eb) =>
          eb(
            "current.id",
            "=",
            eb
              .selectFrom("tenancies")
              .select("tenancies.id")
              .whereRef("tenancies.tenant_id", "=", "tenants.id")
              .orderBy("tenancies.start_date", "desc")
              .orderBy("tenancies.created_at", "desc")
              .orderBy("tenancies.id", "desc")
              .limit(1),
          ),
        ),
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

type SummaryRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  address: string | null;
  apartment_number: string | null;
  end_date: string | null;
  building_id: string | null;
  building_name: string | null;
  has_password: number | string | bigint;
  invitation_expires_at: string | null;
  invitation_used_at: string | null;
  invitation_revoked_at: string | null;
};

function toSummary(row: SummaryRow, today: string): StaffTenantSummary {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    building: row.building_id ? { id: row.building_id, name: row.building_name ?? "" } : null,
    address: row.address ?? null,
    unit: row.apartment_number ?? null,
    tenancy_active: row.address !== null && (row.end_date === null || row.end_date >= today),
    invitation_status: invitationStatusOf(
      Number(row.has_password) === 1,
      row.invitation_expires_at
        ? {
            expires_at: row.invitation_expires_at,
            used_at: row.invitation_used_at,
            revoked_at: row.invitation_revoked_at,
          }
        : null,
    ),
  };
}

const encodeCursor = (row: { sort_key: string; id: string }) =>
  Buffer.from(JSON.stringify([row.sort_key, row.id])).toString("base64url");
function decodeTenantCursor(cursor: string): [string, string] | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === "string")) {
      return parsed as [string, string];
    }
  } catch {
    // falls through: not a cursor of ours
  }
  return undefined;
}

/** The tenants of one invitation status, in SQL (the same rules as invitationStatusOf). */
function invitationFilter(status: InvitationStatus, now: string) {
  return (
    eb: ExpressionBuilder<
      Database & { current: TenanciesTable; invitation: TenantInvitationsTable },
      "tenants" | "invitation"
    >,
  ) => {
    if (status === "active") return eb("tenants.password_hash", "<>", NO_PASSWORD);
    const noPassword = eb("tenants.password_hash", "=", NO_PASSWORD);
    if (status === "not_invited") return eb.and([noPassword, eb("invitation.id", "is", null)]);
    const open = eb.and([
      eb("invitation.used_at", "is", null),
      eb("invitation.revoked_at", "is", null),
      eb("invitation.expires_at", ">", now),
    ]);
    if (status === "invited") return eb.and([noPassword, open]);
    return eb.and([noPassword, eb("invitation.id", "is not", null), eb.not(open)]);
  };
}

/**
 * Tenants of the staff member's buildings in German order (last name, first name: the stored
 * tenants.sort_key compared byte by byte, lib/sort-key.ts) and by id, one page after the cursor.
 * `q` finds tenants whose name, e-mail or address contains every word of it, ignoring
 * case and diacritics: a plain LIKE on the stored folded texts (lib/search-text.ts, decision 030),
 * no function call per row.
 */
export async function listStaffTenants(
  db: Db,
  scope: TenantScope,
  query: { q?: string; building?: string; invitation?: InvitationStatus; cursor?: string; limit: number },
): Promise<{ items: StaffTenantSummary[]; next_cursor: string | null } | "bad_cursor"> {
  const after = query.cursor ? decodeTenantCursor(query.cursor) : undefined;
  if (query.cursor && !after) return "bad_cursor";
  let rows = withCurrentTenancy(db);
  if (!scope.allBuildings) {
    if (scope.buildingIds.length === 0) return { items: [], next_cursor: null };
    rows = rows.where("current.building_id", "in", scope.buildingIds);
  }
  if (query.building) rows = rows.where("current.building_id", "=", query.building);
  if (query.invitation) rows = rows.where(invitationFilter(query.invitation, nowIso()));
  for (const word of searchWords(query.q)) {
    const like = sql<string>`${containsFolded(word)} escape '\\'`;
    // First the tenants whose own text or any tenancy's text holds the word: one pass over each
    // table, before the current tenancy and the invitation are looked up for every tenant left.
    rows = rows.where(
      "tenants.id",
      "in",
      db
        .selectFrom("tenants")
        .select("tenants.id")
        .where("tenants.search_text", "like", like)
        .union(
          db.selectFrom("tenancies").select("tenancies.tenant_id as id").where("tenancies.search_text", "like", like),
        ),
    );
    // Then exactly: the name, e-mail address, or the current tenancy's address or unit.
    rows = rows.where((eb) =>
      eb.or([eb("tenants.search_text", "like", like), eb("current.search_text", "like", like)]),
    );
  }
  // PostgreSQL would compare in its server's locale; the key is made for comparing bytes.
  const sortKey = isPostgres(db) ? sql<string>`tenants.sort_key collate "C"` : sql<string>`tenants.sort_key`;
  if (after) {
    const [key, id] = after;
    rows = rows.where((eb) =>
      eb.or([eb(sortKey, ">", key), eb.and([eb(sortKey, "=", key), eb("tenants.id", ">", id)])]),
    );
  }
  const found = await rows
    .orderBy(sortKey, "asc")
    .orderBy("tenants.id", "asc")
    .limit(query.limit + 1)
    .execute();
  const page = found.slice(0, query.limit);
  const last = page[page.length - 1];
  const today = berlinToday();
  return {
    items: page.map((r) => toSummary(r, today)),
    next_cursor: found.length > query.limit && last ? encodeCursor(last) : null,
  };
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
    status: r.status as RepairStatus,
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
        status: a.status as AppointmentStatus,
        start_time: a.start_time,
      })),
      documents:
        documents?.map((d) => ({
          id: d.id,
          title: d.title,
          type: d.type as DocumentType,
          uploaded_at: d.uploaded_at,
        })) ?? null,
      meter_readings:
        readings?.map((r) => ({ id: r.id, reading_date: r.reading_date, lower_than_previous: r.lower_flags !== "" })) ??
        null,
    },
  };
}
