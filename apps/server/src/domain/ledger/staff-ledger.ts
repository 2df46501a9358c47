import { addDays, type BrandConfig, GERMAN_MONTHS } from "@mieter-portal/contracts";
import type { LedgerAccount, LedgerDetail, OverdueEntry, UnmatchedLine } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { badRequest } from "../../lib/errors.js";
import { containsFolded, searchWords } from "../../lib/search-text.js";
import { berlinToday, centsToEuros, germanDateOf, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import type { StaffScope } from "./bank-import.js";
import { effectiveStatus } from "./payments.js";
import {
  assignTransaction,
  daysOverdue,
  ensureAccount,
  markReminded,
  periodOf,
  recordRentChange,
  recordTransaction,
  referencesIn,
  rentFor,
  splitTransaction,
} from "./rent-ledger.js";

/** What the staff console reads and does in the rent ledger (routes/staff/ledger.ts). */

const CURSOR_MESSAGE = "Die Angabe zur nächsten Seite (cursor) ist ungültig. Bitte laden Sie die Liste neu.";
const encode = (values: string[]) => Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
function decode(cursor: string | undefined, length: number): string[] | undefined {
  if (!cursor) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === length && v.every((x) => typeof x === "string")) return v;
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(CURSOR_MESSAGE, { cursor: CURSOR_MESSAGE });
}

function scoped<T extends { where: (...args: never[]) => T }>(query: T, scope: StaffScope, building?: string): T {
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
  const after = decode(query.cursor, 3);
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
  if (after) {
    const [last, first, id] = after as [string, string, string];
    q = q.where(
      sql<boolean>`(p.last_name > ${last} or (p.last_name = ${last} and (p.first_name > ${first} or (p.first_name = ${first} and t.id > ${id}))))`,
    );
  }
  const rows = await q
    .orderBy("p.last_name")
    .orderBy("p.first_name")
    .orderBy("t.id")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toAccounts(db, page, today),
    next_cursor: rows.length > query.limit && last ? encode([last.last_name, last.first_name, last.tenancy_id]) : null,
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
  const overdueOf = (tenancyId: string) =>
    sql<number>`(select coalesce(sum(o.amount_cents - o.paid_cents), 0) from payments o
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

export const REMINDER_KIND = "payment_reminder";

/** The reminder names a deadline this many days after it is sent (decision 030). */
const REMINDER_DAYS_TO_PAY = 14;

/** "11. Dezember 2026". */
const longGermanDate = (date: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day}. ${GERMAN_MONTHS[month - 1]} ${year}`;
};

/** "DE89 3704 0044 0532 0130 00": an IBAN in groups of four, as printed. */
const printedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * A factual payment reminder by e-mail listing the overdue charges month by month, the account to
 * pay to (the brand's bank account), the payment reference and a deadline 14 days on (sent whatever
 * the tenant's notification setting: it is about their contract, not news from the portal).
 * "nothing_overdue" when nothing is overdue.
 */
export async function sendReminder(
  db: Db,
  tenancyId: string,
  ctx: MailContext,
  actor: AuditActor,
  payTo: BrandConfig["bankAccount"],
  today = berlinToday(),
): Promise<{ sentTo: string; overdueCents: number; at: string; payBy: string } | "nothing_overdue"> {
  return withTransaction(db, async (trx) => {
    const tenancy = await trx
      .selectFrom("tenancies as t")
      .innerJoin("tenants as p", "p.id", "t.tenant_id")
      .select([
        "t.id",
        "t.tenant_id",
        "t.address",
        "t.apartment_number",
        "t.building_id",
        "p.first_name",
        "p.last_name",
        "p.email",
      ])
      .where("t.id", "=", tenancyId)
      .executeTakeFirstOrThrow();
    const charges = await trx
      .selectFrom("payments")
      .select(["description", "due_date", "amount_cents", "paid_cents"])
      .where("tenancy_id", "=", tenancyId)
      .where(sql<boolean>`status in ('pending', 'overdue')`)
      .where("due_date", "<", today)
      .orderBy("due_date")
      .execute();
    if (charges.length === 0) return "nothing_overdue";
    const account = await ensureAccount(trx, tenancyId);
    const eur = (cents: number) =>
      new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(centsToEuros(cents));
    const total = charges.reduce((s, c) => s + c.amount_cents - c.paid_cents, 0);
    const payBy = addDays(today, REMINDER_DAYS_TO_PAY);
    const unit = tenancy.apartment_number ? `${tenancy.address}, ${tenancy.apartment_number}` : tenancy.address;
    const body = [
      `Guten Tag ${tenancy.first_name} ${tenancy.last_name},`,
      "",
      `nach unseren Unterlagen sind aus Ihrem Mietverhältnis (${unit}) folgende Beträge noch offen:`,
      "",
      ...charges.map(
        (c) =>
          `- ${c.description}, fällig am ${germanDateOf(c.due_date)}: ${eur(c.amount_cents - c.paid_cents)} offen${c.paid_cents > 0 ? ` (${eur(c.paid_cents)} bereits bezahlt)` : ""}`,
      ),
      "",
      `Offen insgesamt: ${eur(total)}`,
      "",
      ...(payTo
        ? [
            `Bitte überweisen Sie den Betrag bis zum ${longGermanDate(payBy)} auf unser Konto:`,
            "",
            `  Empfänger: ${payTo.recipient}`,
            `  IBAN: ${printedIban(payTo.iban)}`,
            ...(payTo.bic ? [`  BIC: ${payTo.bic}`] : []),
            `  Betrag: ${eur(total)}`,
            `  Verwendungszweck: ${account.reference}`,
            "",
            "Bitte geben Sie den Verwendungszweck genau so an: So ordnen wir Ihre Zahlung Ihrem Mietkonto zu.",
          ]
        : [
            `Bitte überweisen Sie den Betrag bis zum ${longGermanDate(payBy)} auf das Ihnen bekannte Mietkonto und geben Sie im Verwendungszweck Ihre Zahlungsreferenz ${account.reference} an.`,
          ]),
      "Falls Sie den Betrag in den letzten Tagen bereits bezahlt haben, betrachten Sie diese Erinnerung bitte als gegenstandslos.",
      "Bei Fragen antworten Sie uns gern über das Mieter-Portal.",
      "",
      `Ihre Zahlungen im Mieter-Portal: ${ctx.publicUrl}/finances`,
      "",
      `Ihr Team von ${ctx.company}`,
    ].join("\n");
    await enqueueMail(trx, {
      recipientKind: "tenant",
      recipientId: tenancy.tenant_id,
      to: tenancy.email,
      kind: REMINDER_KIND,
      subject: `${ctx.company}: Zahlungserinnerung – offene Miete ${eur(total)}`,
      body,
    });
    const at = nowIso();
    await markReminded(trx, tenancyId, at);
    await recordAudit(trx, actor, {
      action: "ledger.reminder_sent",
      entityType: "tenancy",
      entityId: tenancyId,
      buildingId: tenancy.building_id,
      after: { overdue_cents: total, charges: charges.length, to: tenancy.email, pay_by: payBy },
    });
    return { sentTo: tenancy.email, overdueCents: total, at, payBy };
  });
}
