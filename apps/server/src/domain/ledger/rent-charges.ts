import { randomUUID } from "node:crypto";
import { CURRENCY } from "@mieter-portal/contracts";
import { type Insertable, sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import type { PaymentsTable } from "../../db/types.js";
import { berlinToday, berlinToUtc, nowIso } from "../../lib/time.js";
import { addPeriods, chargeFor, newReference, periodOf, type RentStep, type TenancyTerms } from "./rent-ledger.js";

/**
 * The monthly charges: generated from the tenancy and its rent changes, repriced while untouched,
 * and settled oldest first against the tenancy's transactions. Split from rent-ledger.ts (decision
 * 037).
 */

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

export const CHUNK = 400;

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
    const inserts: Insertable<PaymentsTable>[] = [];
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
export async function refreshOpenSince(trx: Db, tenancyIds?: string[]): Promise<void> {
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
