import type { LedgerAccount, LedgerDetail } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, isPostgres } from "../../db/connection.js";
import { badRequest } from "../../lib/errors.js";
import { containsFolded, searchWords } from "../../lib/search-text.js";
import { berlinToday, centsToEuros } from "../../lib/time.js";
import { directDebitsOfCharges } from "../sepa/charge-debits.js";
import type { StaffScope } from "./bank-import.js";
import { effectiveStatus } from "./payments.js";
import { daysOverdue, ensureAccount, periodOf, referencesIn, rentFor } from "./rent-ledger.js";

/** What the staff console reads and does in the rent ledger (routes/staff/ledger.ts). */

const CURSOR_MESSAGE = "Die Angabe zur nächsten Seite (cursor) ist ungültig. Bitte laden Sie die Liste neu.";
export const encode = (values: string[]) => Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
export function decode(cursor: string | undefined, length: number): string[] | undefined {
  if (!cursor) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === length && v.every((x) => typeof x === "string")) return v;
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(CURSOR_MESSAGE, { cursor: CURSOR_MESSAGE });
}

export function scoped<T extends { where: (...args: never[]) => T }>(
  query: T,
  scope: StaffScope,
  building?: string,
): T {
  // biome-ignore lint/suspicious/noExplicitAny: the same where() on the different select builders
  let q: any = query;
  if (!scope.allBuildings) {
    q = scope.buildingIds.length > 0 ? q.where("t.building_id", "in", scope.buildingIds) : q.where(sql.lit(false));
  }
  if (building) q = q.where("t.building_id", "=", building);
  return q;
}

function accountQuery(db: Db) {
  return db
    .selectFrom("tenancies as t")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .leftJoin("buildings as b", "b.id", "t.building_id")
    .leftJoin("rent_accounts as a", "a.tenancy_id", "t.id")
    .select([
      "t.id as tenancy_id",
      "t.tenant_id",
      "t.building_id",
      "t.apartment_number",
      "t.end_date",
      "t.base_rent_cents",
      "t.utilities_cents",
      "p.first_name",
      "p.last_name",
      "p.sort_key",
      "p.email",
      "b.name as building_name",
      "a.reference",
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountQuery>["execute"]>>[number];

/** The page's accounts with their sums: a few grouped reads for the page's tenancies only. */
async function toAccounts(db: Db, rows: AccountRow[], today: string): Promise<LedgerAccount[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.tenancy_id);
  const [sums, credits] = await Promise.all([
    db
      .selectFrom("payments")
      .select([
        "tenancy_id",
        sql<number>`sum(amount_cents - paid_cents)`.as("open"),
        sql<number>`sum(case when due_date < ${today} then amount_cents - paid_cents else 0 end)`.as("overdue"),
      ])
      .where("tenancy_id", "in", ids)
      .where(sql<boolean>`status in ('pending', 'overdue')`)
      .groupBy("tenancy_id")
      .execute(),
    db
      .selectFrom("bank_transactions")
      .select(["tenancy_id", sql<number>`sum(amount_cents - allocated_cents)`.as("credit")])
      .where("tenancy_id", "in", ids)
      .where(sql<boolean>`allocated_cents < amount_cents`)
      .groupBy("tenancy_id")
      .execute(),
  ]);
  const sumOf = new Map(sums.map((r) => [r.tenancy_id, r]));
  const creditOf = new Map(credits.map((r) => [r.tenancy_id, Number(r.credit)]));
  const changes = await db
    .selectFrom("rent_changes")
    .select(["tenancy_id", "effective_from", sql<number>`base_rent_cents + utilities_cents`.as("cents")])
    .where(
      "tenancy_id",
      "in",
      rows.map((r) => r.tenancy_id),
    )
    .execute();
  const out: LedgerAccount[] = [];
  for (const r of rows) {
    const reference = r.reference ?? (await ensureAccount(db, r.tenancy_id)).reference;
    const steps = changes
      .filter((c) => c.tenancy_id === r.tenancy_id)
      .map((c) => ({ effective_from: c.effective_from, cents: Number(c.cents) }));
    out.push({
      tenancy_id: r.tenancy_id,
      tenant_id: r.tenant_id,
      tenant_name: `${r.first_name} ${r.last_name}`,
      tenant_email: r.email,
      building_id: r.building_id,
      building_name: r.building_name,
      apartment_number: r.apartment_number,
      reference,
      rent: centsToEuros(
        rentFor(
          {
            id: r.tenancy_id,
            tenant_id: r.tenant_id,
            start_date: "",
            end_date: r.end_date,
            base_rent_cents: r.base_rent_cents,
            utilities_cents: r.utilities_cents,
            due_day: 1,
          },
          steps,
          periodOf(today),
        ),
      ),
      open: centsToEuros(Number(sumOf.get(r.tenancy_id)?.open ?? 0)),
      overdue: centsToEuros(Number(sumOf.get(r.tenancy_id)?.overdue ?? 0)),
      credit: centsToEuros(creditOf.get(r.tenancy_id) ?? 0),
      end_date: r.end_date,
    });
  }
  return out;
}

/** Rent accounts of my buildings by tenant name, with open, overdue and credit amounts. */
export async function listAccounts(
  db: Db,
  scope: StaffScope,
  query: { building?: string | undefined; q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ items: LedgerAccount[]; next_cursor: string | null }> {
  const today = berlinToday();
  const after = decode(query.cursor, 2);
  let q = scoped(accountQuery(db), scope, query.building);
  if (query.q) {
    // A payment reference is looked up as such (unique index); anything else word by word in
    // name, e-mail, address and unit: a plain LIKE on the stored folded texts (decision 030), no
    // function call per row (on SQLite lower() runs in JavaScript).
    const reference = referencesIn(query.q);
    if (reference.length > 0) {
      q = q.where("a.reference", "in", reference);
    } else {
      for (const word of searchWords(query.q)) {
        const pattern = containsFolded(word);
        q = q.where((eb) =>
          eb.or([
            eb("p.search_text", "like", sql<string>`${pattern} escape '\\'`),
            eb("t.search_text", "like", sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
    }
  }
  // German order as the staff tenant list (issue 25 item 19): tenants.sort_key compared byte by
  // byte (COLLATE "C" on PostgreSQL, whose own comparison follows the server's locale).
  const sortKey = isPostgres(db) ? sql<string>`p.sort_key collate "C"` : sql<string>`p.sort_key`;
  if (after) {
    const [key, id] = after as [string, string];
    q = q.where((eb) => eb.or([eb(sortKey, ">", key), eb.and([eb(sortKey, "=", key), eb("t.id", ">", id)])]));
  }
  const rows = await q
    .orderBy(sortKey, "asc")
    .orderBy("t.id", "asc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toAccounts(db, page, today),
    next_cursor: rows.length > query.limit && last ? encode([last.sort_key, last.tenancy_id]) : null,
  };
}

/** The building of a tenancy (for the scope check), or undefined when there is no such tenancy. */
export async function findTenancyBuilding(
  db: Db,
  tenancyId: string,
): Promise<{ buildingId: string | null } | undefined> {
  const row = await db.selectFrom("tenancies").select("building_id").where("id", "=", tenancyId).executeTakeFirst();
  return row ? { buildingId: row.building_id } : undefined;
}

/** One tenancy's ledger for a year: account, charges, payments, rent changes. */
export async function findLedger(
  db: Db,
  tenancyId: string,
  year: number | undefined,
): Promise<LedgerDetail | undefined> {
  const today = berlinToday();
  const row = await accountQuery(db).where("t.id", "=", tenancyId).executeTakeFirst();
  if (!row) return undefined;
  const [account] = await toAccounts(db, [row], today);
  const yearRows = await sql<{ year: string }>`
    select substr(due_date, 1, 4) as year from payments where tenancy_id = ${tenancyId}
    union select substr(booked_on, 1, 4) as year from bank_transactions where tenancy_id = ${tenancyId}
    order by year desc`.execute(db);
  const years = yearRows.rows.map((r) => Number(r.year));
  const shownYear =
    year ??
    (years.includes(Number(today.slice(0, 4))) ? Number(today.slice(0, 4)) : (years[0] ?? Number(today.slice(0, 4))));
  const [charges, payments, changes, acc] = await Promise.all([
    db
      .selectFrom("payments")
      .selectAll()
      .where("tenancy_id", "=", tenancyId)
      .where("due_date", ">=", `${shownYear}-01-01`)
      .where("due_date", "<=", `${shownYear}-12-31`)
      .orderBy("due_date", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("bank_transactions as x")
      .leftJoin("staff_users as s", "s.id", "x.created_by")
      .selectAll("x")
      .select("s.name as staff_name")
      .where("x.tenancy_id", "=", tenancyId)
      .where("x.booked_on", ">=", `${shownYear}-01-01`)
      .where("x.booked_on", "<=", `${shownYear}-12-31`)
      .orderBy("x.booked_on", "desc")
      .orderBy("x.id", "desc")
      .execute(),
    db
      .selectFrom("rent_changes")
      .selectAll()
      .where("tenancy_id", "=", tenancyId)
      .orderBy("effective_from", "desc")
      .execute(),
    db.selectFrom("rent_accounts").select("last_reminder_at").where("tenancy_id", "=", tenancyId).executeTakeFirst(),
  ]);
  const debits = await directDebitsOfCharges(db, charges);
  return {
    account: account!,
    year: shownYear,
    years,
    charges: charges.map((c) => {
      const status = effectiveStatus(c.status, c.due_date, today);
      return {
        id: c.id,
        period: c.period,
        description: c.description,
        due_date: c.due_date,
        amount: centsToEuros(c.amount_cents),
        paid: centsToEuros(c.status === "paid" ? c.amount_cents : c.paid_cents),
        status,
        paid_at: c.paid_at,
        days_overdue: status === "overdue" ? daysOverdue(c.due_date, today) : 0,
        direct_debit: debits.get(c.id) ?? null,
      };
    }),
    payments: payments.map((x) => ({
      id: x.id,
      booked_on: x.booked_on,
      amount: centsToEuros(x.amount_cents),
      allocated: centsToEuros(x.allocated_cents),
      source: x.source as "manual" | "csv" | "camt",
      payer_name: x.payer_name,
      payer_iban: x.payer_iban,
      remittance: x.remittance,
      match_reason: x.match_reason,
      recorded_by: x.staff_name,
      created_at: x.created_at,
    })),
    rent_changes: changes.map((c) => ({
      id: c.id,
      effective_from: c.effective_from,
      base_rent: centsToEuros(c.base_rent_cents),
      utilities: centsToEuros(c.utilities_cents),
      created_at: c.created_at,
    })),
    last_reminder_at: acc?.last_reminder_at ?? null,
  };
}
