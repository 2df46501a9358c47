import type { OverdueEntry, UnmatchedLine } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { containsFolded, searchWords } from "../../lib/search-text.js";
import { berlinToday, centsToEuros } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import type { StaffScope } from "./bank-import.js";
import { assignTransaction, recordRentChange, recordTransaction, splitTransaction } from "./ledger-transactions.js";
import { daysOverdue } from "./rent-ledger.js";
import { decode, encode, scoped } from "./staff-ledger.js";

/**
 * The console's work lists in the rent ledger — overdue accounts and unmatched payments — and the
 * bookings staff make by hand (routes/staff/ledger.ts). Split from staff-ledger.ts (decision 037).
 */

/**
 * The overdue list's rows: accounts with an open charge past its due date, in my buildings (or one),
 * and, with `q`, whose tenant's name, e-mail, address or unit holds every word (stored folded
 * texts, decision 030).
 */
function overdueRows(
  db: Db,
  scope: StaffScope,
  query: { building?: string | undefined; q?: string | undefined },
  today: string,
) {
  let q = db
    .selectFrom("rent_accounts as a")
    .innerJoin("tenancies as t", "t.id", "a.tenancy_id")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .where("a.open_since", "<", today);
  q = scoped(q, scope, query.building);
  for (const word of searchWords(query.q)) {
    const pattern = containsFolded(word);
    q = q.where((eb) =>
      eb.or([
        eb("p.search_text", "like", sql<string>`${pattern} escape '\\'`),
        eb("t.search_text", "like", sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}

/**
 * Tenancies of my buildings with charges past their due date, longest overdue first, and the total
 * of the whole filtered list (not only the page): how much is overdue in how many tenancies.
 */
export async function listOverdue(
  db: Db,
  scope: StaffScope,
  query: { building?: string | undefined; q?: string | undefined; cursor?: string | undefined; limit: number },
  today = berlinToday(),
): Promise<{ items: OverdueEntry[]; next_cursor: string | null; total: { overdue: number; tenancies: number } }> {
  const after = decode(query.cursor, 2);
  // The page from the accounts' oldest open due date (an index range, scoped by building), then
  // the sums of the page's overdue charges only.
  let q = overdueRows(db, scope, query, today)
    .leftJoin("buildings as b", "b.id", "t.building_id")
    .select([
      "a.tenancy_id",
      "a.open_since",
      "a.last_reminder_at",
      "p.first_name",
      "p.last_name",
      "t.building_id",
      "b.name as building_name",
      "t.apartment_number",
    ]);
  if (after) {
    const [oldest, id] = after as [string, string];
    q = q.where((eb) =>
      eb.or([eb("a.open_since", ">", oldest), eb.and([eb("a.open_since", "=", oldest), eb("a.tenancy_id", ">", id)])]),
    );
  }
  const overdueOf = (
    tenancyId: string,
  ) => sql<number>`(select coalesce(sum(o.amount_cents - o.paid_cents), 0) from payments o
      where o.tenancy_id = ${sql.ref(tenancyId)} and o.status in ('pending', 'overdue') and o.due_date < ${today})`;
  const [rows, total] = await Promise.all([
    q
      .orderBy("a.open_since")
      .orderBy("a.tenancy_id")
      .limit(query.limit + 1)
      .execute(),
    overdueRows(db, scope, query, today)
      .select([
        sql<number>`count(*)`.as("tenancies"),
        sql<number>`coalesce(sum(${overdueOf("a.tenancy_id")}), 0)`.as("overdue_cents"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const sums = new Map(
    page.length === 0
      ? []
      : (
          await db
            .selectFrom("payments")
            .select([
              "tenancy_id",
              sql<number>`sum(amount_cents - paid_cents)`.as("overdue_cents"),
              sql<number>`count(*)`.as("charges"),
            ])
            .where(
              "tenancy_id",
              "in",
              page.map((r) => r.tenancy_id),
            )
            .where(sql<boolean>`status in ('pending', 'overdue')`)
            .where("due_date", "<", today)
            .groupBy("tenancy_id")
            .execute()
        ).map((r) => [r.tenancy_id, r]),
  );
  return {
    items: page.map((r) => ({
      tenancy_id: r.tenancy_id,
      tenant_name: `${r.first_name} ${r.last_name}`,
      building_id: r.building_id,
      building_name: r.building_name,
      apartment_number: r.apartment_number,
      overdue: centsToEuros(Number(sums.get(r.tenancy_id)?.overdue_cents ?? 0)),
      charges: Number(sums.get(r.tenancy_id)?.charges ?? 0),
      oldest_due_date: r.open_since!,
      days_overdue: daysOverdue(r.open_since!, today),
      last_reminder_at: r.last_reminder_at,
    })),
    next_cursor: rows.length > query.limit && last ? encode([last.open_since!, last.tenancy_id]) : null,
    total: { overdue: centsToEuros(Number(total.overdue_cents)), tenancies: Number(total.tenancies) },
  };
}

/**
 * Statement lines waiting for a person, oldest first: those nobody could match, to everyone with the
 * capability; those matched to an account in a building the importing person does not look after
 * (suggested_tenancy_id), only to who looks after that building (or every building).
 */
export async function listUnmatched(
  db: Db,
  scope: StaffScope,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ items: UnmatchedLine[]; next_cursor: string | null }> {
  const after = decode(query.cursor, 2);
  let q = db
    .selectFrom("bank_transactions as x")
    .leftJoin("tenancies as t", "t.id", "x.suggested_tenancy_id")
    .leftJoin("tenants as p", "p.id", "t.tenant_id")
    .selectAll("x")
    .select(["p.first_name", "p.last_name"])
    .where("x.tenancy_id", "is", null)
    .where("x.split_count", "is", null);
  if (!scope.allBuildings) {
    q = q.where((eb) =>
      eb.or([
        eb("x.suggested_tenancy_id", "is", null),
        ...(scope.buildingIds.length > 0 ? [eb("t.building_id", "in", scope.buildingIds)] : []),
      ]),
    );
  }
  if (after) {
    const [at, id] = after as [string, string];
    q = q.where((eb) =>
      eb.or([eb("x.created_at", ">", at), eb.and([eb("x.created_at", "=", at), eb("x.id", ">", id)])]),
    );
  }
  const rows = await q
    .orderBy("x.created_at")
    .orderBy("x.id")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((x) => ({
      id: x.id,
      booked_on: x.booked_on,
      amount: centsToEuros(x.amount_cents),
      source: x.source as "manual" | "csv" | "camt",
      payer_name: x.payer_name,
      payer_iban: x.payer_iban,
      remittance: x.remittance,
      reason: x.match_reason,
      created_at: x.created_at,
      suggested_tenancy_id: x.suggested_tenancy_id,
      suggested_tenant_name: x.suggested_tenancy_id && x.first_name ? `${x.first_name} ${x.last_name}` : null,
    })),
    next_cursor: rows.length > query.limit && last ? encode([last.created_at, last.id]) : null,
  };
}

export async function recordManualPayment(
  db: Db,
  tenancyId: string,
  payment: { amountCents: number; bookedOn: string; note?: string | undefined },
  actor: AuditActor,
  buildingId: string | null,
): Promise<string> {
  return withTransaction(db, async (trx) => {
    const id = await recordTransaction(trx, {
      source: "manual",
      bookedOn: payment.bookedOn,
      amountCents: payment.amountCents,
      remittance: payment.note ?? null,
      tenancyId,
      matchReason: `Von Hand erfasst von ${actor.name}.`,
      createdBy: actor.staffId,
    });
    await recordAudit(trx, actor, {
      action: "ledger.payment_recorded",
      entityType: "tenancy",
      entityId: tenancyId,
      buildingId,
      after: {
        transaction_id: id,
        amount_cents: payment.amountCents,
        booked_on: payment.bookedOn,
        note: payment.note ?? null,
      },
    });
    return id!;
  });
}

/**
 * The building of the account a waiting line was matched to by someone who does not look after it
 * (null: no such suggestion); undefined when there is no such line.
 */
export async function findWaitingSuggestion(
  db: Db,
  transactionId: string,
): Promise<{ suggestedBuildingId: string | null; suggested: boolean } | undefined> {
  const row = await db
    .selectFrom("bank_transactions as x")
    .leftJoin("tenancies as t", "t.id", "x.suggested_tenancy_id")
    .select(["x.suggested_tenancy_id", "t.building_id"])
    .where("x.id", "=", transactionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { suggested: row.suggested_tenancy_id !== null, suggestedBuildingId: row.building_id };
}

/**
 * Gives a waiting line to a tenancy, or splits it into parts of tenancies (each in the caller's
 * scope, checked by the route): "gone" when it does not wait (any more), "sum" when the parts do
 * not add up to the line.
 */
export async function assignUnmatched(
  db: Db,
  transactionId: string,
  parts: { tenancyId: string; amountCents: number | null; buildingId: string | null }[],
  actor: AuditActor,
): Promise<"done" | "gone" | "sum"> {
  return withTransaction(db, async (trx) => {
    const reason = parts.length > 1 ? `Aufgeteilt von ${actor.name}` : `Von Hand zugeordnet von ${actor.name}.`;
    const done =
      parts.length > 1
        ? await splitTransaction(
            trx,
            transactionId,
            parts.map((p) => ({ tenancyId: p.tenancyId, amountCents: p.amountCents ?? 0 })),
            reason,
          )
        : (await assignTransaction(trx, transactionId, parts[0]!.tenancyId, reason))
          ? "done"
          : "gone";
    if (done !== "done") return done;
    await recordAudit(trx, actor, {
      action: "ledger.line_assigned",
      entityType: "bank_transaction",
      entityId: transactionId,
      buildingId: parts[0]!.buildingId,
      after:
        parts.length > 1
          ? { parts: parts.map((p) => ({ tenancy_id: p.tenancyId, amount_cents: p.amountCents })) }
          : { tenancy_id: parts[0]!.tenancyId },
    });
    return "done";
  });
}

export async function changeRent(
  db: Db,
  tenancyId: string,
  change: { effectiveFrom: string; baseRentCents: number; utilitiesCents: number },
  actor: AuditActor,
  buildingId: string | null,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await recordRentChange(trx, { tenancyId, ...change, createdBy: actor.staffId });
    await recordAudit(trx, actor, {
      action: "ledger.rent_changed",
      entityType: "tenancy",
      entityId: tenancyId,
      buildingId,
      after: change,
    });
  });
}
