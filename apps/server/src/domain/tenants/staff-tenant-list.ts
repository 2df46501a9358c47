import type { InvitationStatus, StaffTenantSummary } from "@mieter-portal/contracts/staff";
import { type ExpressionBuilder, sql } from "kysely";
import { type Db, isPostgres } from "../../db/connection.js";
import type { Database, TenanciesTable, TenantInvitationsTable } from "../../db/types.js";
import { containsFolded, searchWords } from "../../lib/search-text.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { invitationStatusOf } from "./invitations.js";
import { type TenantScope, withCurrentTenancy } from "./staff-tenants.js";
import { NO_PASSWORD } from "./tenant-onboarding.js";

/**
 * The console's tenant list: search, filters, invitation state and keyset pages. Split from
 * staff-tenants.ts (decision 037).
 */

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

export function toSummary(row: SummaryRow, today: string): StaffTenantSummary {
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
