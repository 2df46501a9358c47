import { randomBytes, randomUUID } from "node:crypto";
import { CURRENCY, GERMAN_MONTHS } from "@mieter-portal/contracts";
import { sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import { berlinToday, berlinToUtc, nowIso } from "../../lib/time.js";

/**
 * The rent ledger (issue 14 §2, docs/decisions/020-rent-ledger.md): monthly charges (rows of
 * `payments`, one per tenancy and month) generated from the tenancy and its rent changes, and
 * money received (`bank_transactions`) applied to the oldest open charges (`payment_allocations`).
 * The only writer of rent_accounts, rent_changes, payment_allocations and of payments' ledger
 * columns; bank-import.ts writes statement lines through recordTransaction.
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

interface TenancyTerms {
  id: string;
  tenant_id: string;
  start_date: string;
  end_date: string | null;
  base_rent_cents: number;
  utilities_cents: number;
  due_day: number;
}

interface RentStep {
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

// ---------------------------------------------------------------- one booking at a time per tenancy

/**
 * Takes the tenancies' row locks for the rest of the transaction, in id order (no deadlock between
 * two bookings of overlapping tenancies). Every transaction that books money or changes charges
 * takes them before it reads the open charges (decision 027): on PostgreSQL under READ COMMITTED
 * two bookings would otherwise both read the same open charges and write absolute values. FOR NO
 * KEY UPDATE: it does not wait for (or block) inserts that merely reference the tenancy (foreign
 * keys take KEY SHARE). SQLite serialises write transactions itself (decision 027): no-op there.
 */
export async function lockTenancies(trx: Db, tenancyIds: Iterable<string>): Promise<void> {
  if (!isPostgres(trx)) return;
  const ids = [...new Set(tenancyIds)].sort();
  for (let i = 0; i < ids.length; i += CHUNK) {
    await sql`select id from tenancies where id in (${sql.join(ids.slice(i, i + CHUNK))}) order by id for no key update`.execute(
      trx,
    );
  }
}

// ---------------------------------------------------------------- accounts and charges

export interface EnsureOptions {
  /** One tenancy (after creating or changing it); absent: every tenancy (start-up, daily). */
  tenancyId?: string;
  /** Berlin date; default today. */
  today?: string;
}

const CHUNK = 400;

/**
 * Creates the monthly rent charges that are missing — for every month from the ledger's first up
 * to and including next month, as far as the tenancy runs — and reprices or removes the ones not
 * paid at all yet of this month on (a rent change, a tenancy that ends). Idempotent (unique per
 * tenancy and month; concurrent runs insert nothing twice). Then applies credit to open charges.
 * Takes a Db or a transaction. Returns how many charges it created.
 */
export async function ensureRentCharges(db: Db, options: EnsureOptions = {}): Promise<number> {
  const today = options.today ?? berlinToday();
  const horizon = addPeriods(periodOf(today), 1);
  const current = periodOf(today);
  return withTransaction(db, async (trx) => {
    if (options.tenancyId) await lockTenancies(trx, [options.tenancyId]);
    let tenancyQuery = trx
      .selectFrom("tenancies")
      .select(["id", "tenant_id", "start_date", "end_date", "base_rent_cents", "utilities_cents", "due_day"]);
    if (options.tenancyId) tenancyQuery = tenancyQuery.where("id", "=", options.tenancyId);
    const tenancies = await tenancyQuery.execute();
    if (tenancies.length === 0) return 0;
    const one = options.tenancyId;

    const latest = new Map<string, string>();
    let latestQuery = trx
      .selectFrom("payments")
      .select(["tenancy_id", sql<string>`max(due_date)`.as("due"), sql<string | null>`max(period)`.as("period")])
      .groupBy("tenancy_id");
    if (one) latestQuery = latestQuery.where("tenancy_id", "=", one);
    for (const r of await latestQuery.execute()) {
      const p = r.period && r.period > periodOf(r.due) ? r.period : periodOf(r.due);
      latest.set(r.tenancy_id, p);
    }

    let accountQuery = trx.selectFrom("rent_accounts").select(["tenancy_id", "ledger_from"]);
    if (one) accountQuery = accountQuery.where("tenancy_id", "=", one);
    const ledgerFrom = new Map((await accountQuery.execute()).map((a) => [a.tenancy_id, a.ledger_from]));
    const newAccounts = tenancies
      .filter((t) => !ledgerFrom.has(t.id))
      .map((t) => {
        // Earlier months were settled outside the portal: the ledger continues after the last
        // charge there is, else starts with this month (or the tenancy's start when later).
        const after = latest.get(t.id);
        const startPeriod = periodOf(t.start_date);
        const from = after ? addPeriods(after, 1) : startPeriod > current ? startPeriod : current;
        return { tenancy_id: t.id, reference: newReference(), ledger_from: `${from}-01`, created_at: nowIso() };
      });
    for (let i = 0; i < newAccounts.length; i += CHUNK) {
      await trx
        .insertInto("rent_accounts")
        .values(newAccounts.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column("tenancy_id").doNothing())
        .execute();
    }
    for (const a of newAccounts) ledgerFrom.set(a.tenancy_id, a.ledger_from);

    let changeQuery = trx
      .selectFrom("rent_changes")
      .select(["tenancy_id", "effective_from", sql<number>`base_rent_cents + utilities_cents`.as("cents")]);
    if (one) changeQuery = changeQuery.where("tenancy_id", "=", one);
    const changes = new Map<string, RentStep[]>();
    for (const c of await changeQuery.execute()) {
      changes.set(c.tenancy_id, [
        ...(changes.get(c.tenancy_id) ?? []),
        { effective_from: c.effective_from, cents: Number(c.cents) },
      ]);
    }

    // One tenancy: every month from the ledger's first (an earlier start may have been set),
    // skipping months that have a charge; all: the months after each tenancy's latest charge.
    const taken = new Set<string>();
    if (one) {
      const months = await trx
        .selectFrom("payments")
        .select(["period", "due_date"])
        .where("tenancy_id", "=", one)
        .execute();
      for (const m of months) taken.add(m.period ?? periodOf(m.due_date));
    }
    const created = nowIso();
    const inserts = [];
    for (const t of tenancies) {
      const from = periodOf(ledgerFrom.get(t.id)!);
      const last = latest.get(t.id);
      let period = one || !last || addPeriods(last, 1) < from ? from : addPeriods(last, 1);
      const endPeriod = t.end_date && periodOf(t.end_date) < horizon ? periodOf(t.end_date) : horizon;
      for (; period <= endPeriod; period = addPeriods(period, 1)) {
        if (taken.has(period)) continue;
        const charge = chargeFor(t, changes.get(t.id) ?? [], period);
        if (!charge) continue;
        inserts.push({
          id: randomUUID(),
          tenant_id: t.tenant_id,
          tenancy_id: t.id,
          amount_cents: charge.amountCents,
          currency: CURRENCY,
          status: "pending",
          due_date: charge.dueDate,
          paid_at: null,
          description: charge.description,
          created_at: created,
          period,
          paid_cents: 0,
        });
      }
    }
    let count = 0;
    for (let i = 0; i < inserts.length; i += CHUNK) {
      const res = await trx
        .insertInto("payments")
        .values(inserts.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(["tenancy_id", "period"]).doNothing())
        .executeTakeFirst();
      count += Number(res.numInsertedOrUpdatedRows ?? 0);
    }

    let creditQuery = trx
      .selectFrom("bank_transactions")
      .select("tenancy_id")
      .distinct()
      .where("tenancy_id", "is not", null)
      .where(sql<boolean>`allocated_cents < amount_cents`);
    if (one) creditQuery = creditQuery.where("tenancy_id", "=", one);
    const withCredit = (await creditQuery.execute()).map((r) => r.tenancy_id!);
    await repriceUntouched(trx, tenancies, changes, current, one, withCredit);
    await settleTenancies(trx, withCredit);
    await refreshOpenSince(trx, one ? [one] : undefined);
    return count;
  });
}

/**
 * Charges of this month on that nobody paid anything of yet follow the terms as they are now: a
 * rent change recorded after the charge was made, a tenancy that ends (by days, or no charge).
 */
async function repriceUntouched(
  trx: Db,
  tenancies: TenancyTerms[],
  changes: Map<string, RentStep[]>,
  fromPeriod: string,
  one: string | undefined,
  settledNext: string[],
): Promise<void> {
  let query = trx
    .selectFrom("payments")
    .select(["id", "tenancy_id", "period", "amount_cents", "due_date", "description"])
    .where("period", ">=", fromPeriod)
    .where("status", "=", "pending")
    .where("paid_cents", "=", 0);
  if (one) query = query.where("tenancy_id", "=", one);
  const open = await query.execute();
  const terms = new Map(tenancies.map((t) => [t.id, t]));
  const writes = [];
  for (const c of open) {
    const t = terms.get(c.tenancy_id);
    if (!t || !c.period) continue;
    const charge = chargeFor(t, changes.get(t.id) ?? [], c.period);
    if (!charge || charge.amountCents !== c.amount_cents || charge.dueDate !== c.due_date) writes.push({ c, charge });
  }
  if (writes.length === 0) return;
  // The tenancies written here and those settled next, locked at once in id order before any
  // charge is written: a booking that holds one of them never waits for a charge this run holds.
  await lockTenancies(trx, [...writes.map((w) => w.c.tenancy_id), ...settledNext]);
  for (const { c, charge } of writes) {
    if (!charge) {
      await trx.deleteFrom("payments").where("id", "=", c.id).where("paid_cents", "=", 0).execute();
    } else {
      await trx
        .updateTable("payments")
        .set({ amount_cents: charge.amountCents, due_date: charge.dueDate, description: charge.description })
        .where("id", "=", c.id)
        .where("paid_cents", "=", 0)
        .execute();
    }
  }
}

/**
 * Keeps rent_accounts.open_since (the oldest charge not paid in full) in step with the charges:
 * of these tenancies, or of all.
 */
async function refreshOpenSince(trx: Db, tenancyIds?: string[]): Promise<void> {
  const update = () =>
    trx.updateTable("rent_accounts").set({
      open_since: sql<string | null>`(select min(c.due_date) from payments c
      where c.tenancy_id = rent_accounts.tenancy_id and c.status in ('pending', 'overdue'))`,
    });
  if (!tenancyIds) {
    await update().execute();
    return;
  }
  for (let i = 0; i < tenancyIds.length; i += CHUNK) {
    await update()
      .where("tenancy_id", "in", tenancyIds.slice(i, i + CHUNK))
      .execute();
  }
}

/**
 * Applies the tenancy's money not applied yet to its open charges, oldest due first: a charge is
 * paid when covered in full (paid_at: the day the completing money was booked), partly paid
 * otherwise; what is left over stays credit on the payment for the next charge.
 */
export async function settleTenancy(trx: Db, tenancyId: string): Promise<void> {
  await settleTenancies(trx, [tenancyId]);
}

/** settleTenancy for many tenancies at once (a booked statement): reads in chunks, one refresh. */
export async function settleTenancies(trx: Db, tenancyIds: string[]): Promise<void> {
  const now = nowIso();
  const allocations: {
    id: string;
    transaction_id: string;
    charge_id: string;
    amount_cents: number;
    created_at: string;
  }[] = [];
  const changed: string[] = [];
  const chargeWrites = new Map<string, { paid: number; paidAt: string | null }>();
  const creditWrites = new Map<string, number>();
  const sorted = [...new Set(tenancyIds)].sort();
  await lockTenancies(trx, sorted);
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const ids = sorted.slice(i, i + CHUNK);
    const [credits, charges] = await Promise.all([
      trx
        .selectFrom("bank_transactions")
        .select(["id", "tenancy_id", "amount_cents", "allocated_cents", "booked_on"])
        .where("tenancy_id", "in", ids)
        .where(sql<boolean>`allocated_cents < amount_cents`)
        .orderBy("tenancy_id")
        .orderBy("booked_on")
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
      trx
        .selectFrom("payments")
        .select(["id", "tenancy_id", "amount_cents", "paid_cents"])
        .where("tenancy_id", "in", ids)
        .where(sql<boolean>`status in ('pending', 'overdue')`)
        .orderBy("tenancy_id")
        .orderBy("due_date")
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
    ]);
    const chargesOf = new Map<string, typeof charges>();
    for (const charge of charges)
      chargesOf.set(charge.tenancy_id, [...(chargesOf.get(charge.tenancy_id) ?? []), charge]);
    const creditsOf = new Map<string, typeof credits>();
    for (const credit of credits)
      creditsOf.set(credit.tenancy_id!, [...(creditsOf.get(credit.tenancy_id!) ?? []), credit]);
    for (const [tenancyId, open] of chargesOf) {
      const money = creditsOf.get(tenancyId);
      if (!money) continue;
      let c = 0;
      for (const credit of money) {
        let left = credit.amount_cents - credit.allocated_cents;
        const before = left;
        while (left > 0 && c < open.length) {
          const charge = open[c]!;
          const part = Math.min(left, charge.amount_cents - charge.paid_cents);
          left -= part;
          charge.paid_cents += part;
          allocations.push({
            id: randomUUID(),
            transaction_id: credit.id,
            charge_id: charge.id,
            amount_cents: part,
            created_at: now,
          });
          const paid = charge.paid_cents >= charge.amount_cents;
          chargeWrites.set(charge.id, {
            paid: charge.paid_cents,
            paidAt: paid ? berlinToUtc(credit.booked_on, 12).toISOString() : null,
          });
          if (paid) c++;
        }
        if (left !== before) creditWrites.set(credit.id, credit.amount_cents - left);
        if (c >= open.length) break;
      }
      changed.push(tenancyId);
    }
  }
  // The charges' and credits' new states, a statement per 400 rather than one per row (issue 24's
  // 10,000-line statement): update … from a list of values, which both databases read alike.
  const charges = [...chargeWrites];
  for (let i = 0; i < charges.length; i += CHUNK) {
    const values = sql.join(
      charges.slice(i, i + CHUNK).map(([id, w]) => sql`(${id}, cast(${w.paid} as integer), cast(${w.paidAt} as text))`),
    );
    await sql`with v(id, paid_cents, paid_at) as (values ${values})
      update payments set paid_cents = v.paid_cents,
        status = case when v.paid_at is null then payments.status else 'paid' end,
        paid_at = coalesce(v.paid_at, payments.paid_at)
      from v where payments.id = v.id`.execute(trx);
  }
  const credits = [...creditWrites];
  for (let i = 0; i < credits.length; i += CHUNK) {
    const values = sql.join(
      credits.slice(i, i + CHUNK).map(([id, allocated]) => sql`(${id}, cast(${allocated} as integer))`),
    );
    await sql`with v(id, allocated_cents) as (values ${values})
      update bank_transactions set allocated_cents = v.allocated_cents
      from v where bank_transactions.id = v.id`.execute(trx);
  }
  for (let i = 0; i < allocations.length; i += CHUNK) {
    await trx
      .insertInto("payment_allocations")
      .values(allocations.slice(i, i + CHUNK))
      .execute();
  }
  if (changed.length > 0) await refreshOpenSince(trx, changed);
}

export interface NewTransaction {
  /** opening: credit carried over at takeover (openLedgers). */
  source: "manual" | "csv" | "camt" | "opening";
  importId?: string | null;
  bankRef?: string | null;
  bookedOn: string;
  amountCents: number;
  payerName?: string | null;
  payerIban?: string | null;
  remittance?: string | null;
  tenancyId: string | null;
  matchReason: string | null;
  createdBy: string | null;
}

/**
 * Records money received and, when it belongs to a tenancy, applies it. A statement line booked
 * before (same bank_ref) is not recorded again: returns null then.
 */
export async function recordTransaction(trx: Db, t: NewTransaction): Promise<string | null> {
  if (t.tenancyId) await lockTenancies(trx, [t.tenancyId]);
  const id = randomUUID();
  const res = await trx
    .insertInto("bank_transactions")
    .values({
      id,
      source: t.source,
      import_id: t.importId ?? null,
      bank_ref: t.bankRef ?? null,
      booked_on: t.bookedOn,
      amount_cents: t.amountCents,
      payer_name: t.payerName ?? null,
      payer_iban: t.payerIban ?? null,
      remittance: t.remittance ?? null,
      tenancy_id: t.tenancyId,
      match_reason: t.matchReason,
      created_by: t.createdBy,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("bank_ref").doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  if (t.tenancyId) await settleTenancy(trx, t.tenancyId);
  return id;
}

/** Gives a waiting (unmatched) transaction to a tenancy and applies it; false when it no longer waits. */
export async function assignTransaction(trx: Db, id: string, tenancyId: string, reason: string): Promise<boolean> {
  await lockTenancies(trx, [tenancyId]);
  const res = await trx
    .updateTable("bank_transactions")
    .set({ tenancy_id: tenancyId, match_reason: reason, suggested_tenancy_id: null })
    .where("id", "=", id)
    .where("tenancy_id", "is", null)
    .where("split_count", "is", null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await settleTenancy(trx, tenancyId);
  return true;
}

/**
 * Splits a waiting transaction (a batch entry, a transfer for two flats) into parts, each booked to
 * its tenancy and applied; the waiting line stays as the record of what the bank booked (split_count
 * set, never credit of anyone). "gone" when it no longer waits, "sum" when the parts do not add up
 * to it exactly.
 */
export async function splitTransaction(
  trx: Db,
  id: string,
  parts: { tenancyId: string; amountCents: number }[],
  reason: string,
): Promise<"done" | "gone" | "sum"> {
  await lockTenancies(
    trx,
    parts.map((p) => p.tenancyId),
  );
  const line = await trx
    .selectFrom("bank_transactions")
    .selectAll()
    .where("id", "=", id)
    .where("tenancy_id", "is", null)
    .where("split_count", "is", null)
    .executeTakeFirst();
  if (!line) return "gone";
  if (parts.reduce((s, p) => s + p.amountCents, 0) !== line.amount_cents) return "sum";
  const res = await trx
    .updateTable("bank_transactions")
    .set({ split_count: parts.length, suggested_tenancy_id: null, match_reason: reason })
    .where("id", "=", id)
    .where("tenancy_id", "is", null)
    .where("split_count", "is", null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return "gone";
  const now = nowIso();
  await trx
    .insertInto("bank_transactions")
    .values(
      parts.map((p, i) => ({
        id: randomUUID(),
        source: line.source,
        import_id: line.import_id,
        bank_ref: null,
        booked_on: line.booked_on,
        value_on: line.value_on,
        amount_cents: p.amountCents,
        payer_name: line.payer_name,
        payer_iban: line.payer_iban,
        remittance: line.remittance,
        account_iban: line.account_iban,
        tenancy_id: p.tenancyId,
        parent_id: line.id,
        match_reason: `${reason} (Teil ${i + 1} von ${parts.length})`,
        created_by: line.created_by,
        created_at: now,
      })),
    )
    .execute();
  await settleTenancies(
    trx,
    parts.map((p) => p.tenancyId),
  );
  return "done";
}

/** Records a new rent from the first of a month (replacing one for the same month) and reprices. */
export async function recordRentChange(
  db: Db,
  change: {
    tenancyId: string;
    effectiveFrom: string;
    baseRentCents: number;
    utilitiesCents: number;
    createdBy: string | null;
  },
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await lockTenancies(trx, [change.tenancyId]);
    // An upsert as well: two identical changes at once are one change, never a unique violation.
    await trx
      .insertInto("rent_changes")
      .values({
        id: randomUUID(),
        tenancy_id: change.tenancyId,
        effective_from: change.effectiveFrom,
        base_rent_cents: change.baseRentCents,
        utilities_cents: change.utilitiesCents,
        created_by: change.createdBy,
        created_at: nowIso(),
      })
      .onConflict((oc) =>
        oc.columns(["tenancy_id", "effective_from"]).doUpdateSet((eb) => ({
          base_rent_cents: eb.ref("excluded.base_rent_cents"),
          utilities_cents: eb.ref("excluded.utilities_cents"),
          created_by: eb.ref("excluded.created_by"),
          created_at: eb.ref("excluded.created_at"),
        })),
      )
      .execute();
    await ensureRentCharges(trx, { tenancyId: change.tenancyId });
  });
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
    const rows = [];
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
