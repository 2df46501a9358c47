import { randomBytes, randomUUID } from "node:crypto";
import { CURRENCY, GERMAN_MONTHS } from "@mieter-portal/contracts";
import type { Insertable } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import type { PaymentsTable } from "../../db/types.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { CHUNK, ensureRentCharges, lockTenancies, refreshOpenSince, settleTenancies } from "./rent-charges.js";

/**
 * The rent ledger (issue 14 §2, docs/decisions/020-rent-ledger.md): monthly charges (rows of
 * `payments`, one per tenancy and month) generated from the tenancy and its rent changes, and
 * money received (`bank_transactions`) applied to the oldest open charges (`payment_allocations`).
 * With rent-charges.ts and ledger-transactions.ts the only writer of rent_accounts, rent_changes,
 * payment_allocations and of payments' ledger columns. Money comes in two ways: one transaction at
 * a time through recordTransaction (manual payments, assigned and split lines), and a statement's
 * lines, which bank-import.ts (commitStatement) inserts itself in batches before it settles the
 * tenancies they were booked to — not through recordTransaction (issue 26 §6).
 */

/** YYYY-MM of a date. */
export const periodOf = (date: string): string => date.slice(0, 7);

export function addPeriods(period: string, n: number): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

const daysIn = (period: string): number => {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

const dayDiff = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** How many days a charge due on `dueDate` is overdue on `today` (0 when not yet due). */
export const daysOverdue = (dueDate: string, today: string): number => Math.max(0, dayDiff(dueDate, today));

// ---------------------------------------------------------------- payment references

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "MP-K7Q2-X9M4": what the tenant writes in the transfer's Verwendungszweck. */
export function newReference(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => REFERENCE_ALPHABET[b % 32]).join("");
  return `MP-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The references a remittance text may contain, whatever the bank did to spaces, dashes and case
 * ("mp k7q2x9m4", "MP-K7Q2-X9M4").
 */
export function referencesIn(text: string | null): string[] {
  if (!text) return [];
  const compact = text.toUpperCase().replace(/[\s\-/.]/g, "");
  const found = new Set<string>();
  for (const m of compact.matchAll(/MP([A-HJ-NP-Z2-9]{8})/g)) {
    const c = m[1]!;
    found.add(`MP-${c.slice(0, 4)}-${c.slice(4)}`);
  }
  return [...found];
}

// ---------------------------------------------------------------- rent of a month

export interface TenancyTerms {
  id: string;
  tenant_id: string;
  start_date: string;
  end_date: string | null;
  base_rent_cents: number;
  utilities_cents: number;
  due_day: number;
}

export interface RentStep {
  effective_from: string;
  cents: number;
}

/** The monthly rent in force on the first of `period`: the latest change before it, else the tenancy's. */
export function rentFor(terms: TenancyTerms, changes: RentStep[], period: string): number {
  const first = `${period}-01`;
  let rent = terms.base_rent_cents + terms.utilities_cents;
  let from = "";
  for (const c of changes) {
    if (c.effective_from <= first && c.effective_from >= from) {
      rent = c.cents;
      from = c.effective_from;
    }
  }
  return rent;
}

/**
 * The charge of one month: the rent, by days for a month the tenancy starts or ends in; due on
 * the due day (the month's last day when shorter; the start when the tenancy starts after it).
 * Null when the tenancy does not run in that month.
 */
export function chargeFor(
  terms: TenancyTerms,
  changes: RentStep[],
  period: string,
): { amountCents: number; dueDate: string; description: string } | null {
  const days = daysIn(period);
  const first = `${period}-01`;
  const last = `${period}-${String(days).padStart(2, "0")}`;
  const from = terms.start_date > first ? terms.start_date : first;
  const to = terms.end_date && terms.end_date < last ? terms.end_date : last;
  if (from > to) return null;
  const activeDays = dayDiff(from, to) + 1;
  const rent = rentFor(terms, changes, period);
  const partial = activeDays < days;
  const amountCents = partial ? Math.round((rent * activeDays) / days) : rent;
  let dueDate = `${period}-${String(Math.min(terms.due_day, days)).padStart(2, "0")}`;
  if (dueDate < terms.start_date) dueDate = terms.start_date;
  const [y, m] = period.split("-") as [string, string];
  const description = `Miete ${GERMAN_MONTHS[Number(m) - 1]} ${y}${partial ? " (anteilig)" : ""}`;
  return { amountCents, dueDate, description };
}

/** The tenancy's account (payment reference), made on first use. */
export async function ensureAccount(db: Db, tenancyId: string) {
  const found = await db.selectFrom("rent_accounts").selectAll().where("tenancy_id", "=", tenancyId).executeTakeFirst();
  if (found) return found;
  await ensureRentCharges(db, { tenancyId });
  return db.selectFrom("rent_accounts").selectAll().where("tenancy_id", "=", tenancyId).executeTakeFirstOrThrow();
}

/**
 * Lets the ledger of a tenancy begin earlier (taking over a tenancy whose earlier months are still
 * open): from the first of `fromPeriod`, never before the tenancy's start; then charges the months.
 */
export async function startLedgerFrom(db: Db, tenancyId: string, fromPeriod: string, today?: string): Promise<number> {
  return withTransaction(db, async (trx) => {
    const first = await ensureRentCharges(trx, { tenancyId, ...(today ? { today } : {}) });
    await trx
      .updateTable("rent_accounts")
      .set({ ledger_from: `${fromPeriod}-01` })
      .where("tenancy_id", "=", tenancyId)
      .where("ledger_from", ">", `${fromPeriod}-01`)
      .execute();
    return first + (await ensureRentCharges(trx, { tenancyId, ...(today ? { today } : {}) }));
  });
}

export async function markReminded(trx: Db, tenancyId: string, at: string): Promise<void> {
  await trx.updateTable("rent_accounts").set({ last_reminder_at: at }).where("tenancy_id", "=", tenancyId).execute();
}

// ---------------------------------------------------------------- takeover (issue 24 item 5)

/**
 * The first month a ledger opened on `asOf` (the takeover day) charges by default: the first
 * whose due date is on or after that day — nothing is owed for the time before the takeover —
 * or the tenancy's first month when it starts later (decision 028).
 */
export function firstChargedPeriod(terms: Pick<TenancyTerms, "start_date" | "due_day">, asOf: string): string {
  const startPeriod = periodOf(terms.start_date);
  let period = periodOf(asOf);
  if (startPeriod > period) return startPeriod;
  const days = daysIn(period);
  let due = `${period}-${String(Math.min(terms.due_day, days)).padStart(2, "0")}`;
  if (due < terms.start_date) due = terms.start_date;
  if (due < asOf) period = addPeriods(period, 1);
  return period;
}

export interface LedgerOpening {
  /** YYYY-MM of the first month to charge; null/absent: firstChargedPeriod. Never before the tenancy's start. */
  firstPeriod?: string | null;
  /** The account at takeover: positive, arrears (a charge "Saldovortrag"); negative, credit (money on the account). */
  openingBalanceCents?: number;
  /** The takeover day (Berlin date); default today. */
  asOf?: string;
  createdBy?: string | null;
}

/**
 * Opens the rent accounts of tenancies taken over (import, "Mieter anlegen", create-tenant): each
 * ledger starts with the first month to charge, and the balance carried over becomes a charge
 * due on the takeover day (arrears) or money received that day (credit, source "opening"), both
 * applied like any other. Call once, right after creating the tenancies. An import opens thousands:
 * charges, balances and accounts are computed here and written with a few multi-row statements
 * per 400 rows, the credit is recorded at once and applied by one settleTenancies (issue 24's
 * bench, decision 028). Returns each tenancy's first month, in the order given.
 */
export async function openLedgers(
  trx: Db,
  ledgers: { terms: TenancyTerms; opening?: LedgerOpening }[],
): Promise<string[]> {
  const created = nowIso();
  const payments = [];
  const accounts = [];
  const credits = [];
  const firsts: string[] = [];
  for (const { terms, opening = {} } of ledgers) {
    const asOf = opening.asOf ?? berlinToday();
    const startPeriod = periodOf(terms.start_date);
    const wanted = opening.firstPeriod ?? firstChargedPeriod(terms, asOf);
    const firstPeriod = wanted < startPeriod ? startPeriod : wanted;
    firsts.push(firstPeriod);
    // The months up to next month, as ensureRentCharges makes them — written at once: a tenancy
    // just created has no rent changes, charges or money yet.
    const horizon = addPeriods(periodOf(asOf), 1);
    const lastPeriod = terms.end_date && periodOf(terms.end_date) < horizon ? periodOf(terms.end_date) : horizon;
    const rows: Insertable<PaymentsTable>[] = [];
    for (let period = firstPeriod; period <= lastPeriod; period = addPeriods(period, 1)) {
      const charge = chargeFor(terms, [], period);
      if (!charge) continue;
      rows.push({
        id: randomUUID(),
        tenant_id: terms.tenant_id,
        tenancy_id: terms.id,
        amount_cents: charge.amountCents,
        currency: CURRENCY,
        status: "pending",
        due_date: charge.dueDate,
        paid_at: null,
        description: charge.description,
        created_at: created,
        period: period as string | null,
        paid_cents: 0,
      });
    }
    const balance = opening.openingBalanceCents ?? 0;
    if (balance > 0) {
      rows.push({
        id: randomUUID(),
        tenant_id: terms.tenant_id,
        tenancy_id: terms.id,
        amount_cents: balance,
        currency: CURRENCY,
        status: "pending",
        due_date: asOf,
        paid_at: null,
        description: `Saldovortrag zum ${asOf.slice(8, 10)}.${asOf.slice(5, 7)}.${asOf.slice(0, 4)}`,
        created_at: created,
        // Not a month's rent: no period, so the monthly charges never take its place.
        period: null,
        paid_cents: 0,
      });
    }
    if (balance < 0) {
      credits.push({
        id: randomUUID(),
        source: "opening",
        import_id: null,
        bank_ref: null,
        booked_on: asOf,
        amount_cents: -balance,
        payer_name: null,
        payer_iban: null,
        remittance: "Guthaben aus der Übernahme (Saldovortrag)",
        tenancy_id: terms.id,
        match_reason: "Saldovortrag bei Übernahme",
        created_by: opening.createdBy ?? null,
        created_at: created,
      });
    }
    payments.push(...rows);
    // open_since as refreshOpenSince would set it: every charge written is open.
    const openSince = rows.reduce<string | null>(
      (min, r) => (min === null || r.due_date < min ? r.due_date : min),
      null,
    );
    accounts.push({
      tenancy_id: terms.id,
      reference: newReference(),
      ledger_from: `${firstPeriod}-01`,
      open_since: openSince,
      created_at: created,
    });
  }
  const fresh = new Set<string>();
  for (let i = 0; i < accounts.length; i += CHUNK) {
    const inserted = await trx
      .insertInto("rent_accounts")
      .values(accounts.slice(i, i + CHUNK))
      .onConflict((oc) => oc.column("tenancy_id").doNothing())
      .returning("tenancy_id")
      .execute();
    for (const a of inserted) fresh.add(a.tenancy_id);
  }
  for (let i = 0; i < payments.length; i += CHUNK) {
    await trx
      .insertInto("payments")
      .values(payments.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(["tenancy_id", "period"]).doNothing())
      .execute();
  }
  if (credits.length > 0) {
    // Applied to the charges at once, as recordTransaction would (no bank reference: no duplicates).
    await lockTenancies(
      trx,
      credits.map((c) => c.tenancy_id),
    );
    for (let i = 0; i < credits.length; i += CHUNK) {
      await trx
        .insertInto("bank_transactions")
        .values(credits.slice(i, i + CHUNK))
        .execute();
    }
    await settleTenancies(
      trx,
      credits.map((c) => c.tenancy_id),
    );
  }
  // An account that was there already (not a fresh tenancy): its open charges decide.
  const old = accounts.filter((a) => !fresh.has(a.tenancy_id)).map((a) => a.tenancy_id);
  if (old.length > 0) await refreshOpenSince(trx, old);
  return firsts;
}
