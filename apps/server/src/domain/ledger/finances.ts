import { CURRENCY, type FinancesResponse, type OpenInvoice } from "@mieter-portal/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Invoice } from "../../db/types.js";
import { berlinToday, centsToEuros } from "../../lib/time.js";
import { directDebitsOfCharges } from "../sepa/charge-debits.js";
import { currentTenancyOf } from "../tenants/current-tenancy.js";
import { toRentPayment } from "./payments.js";

/** Calendar date of a stored value that may be a plain date or a UTC instant (then: its Berlin date). */
function calendarDateOf(value: string): string {
  return value.length > 10 ? berlinToday(new Date(value)) : value;
}

function toOpenInvoice(row: Invoice): OpenInvoice {
  return {
    id: row.id,
    title: row.title,
    amount: centsToEuros(row.amount_cents),
    currency: row.currency,
    due_date: row.due_date,
    issued_at: calendarDateOf(row.issued_at),
  };
}

/**
 * Rent of the current tenancy (latest start), the years that have payments (newest first),
 * that year's payments (newest due date first) and the invoices not paid yet (oldest due first).
 * Undefined when the tenant has no tenancy.
 */
export async function findFinances(db: Db, tenantId: string, year: number): Promise<FinancesResponse | undefined> {
  const tenancy = await currentTenancyOf(db, tenantId)
    .select(["id", "base_rent_cents", "utilities_cents", "payment_method", "due_day", "iban_last4"])
    .executeTakeFirst();
  if (!tenancy) return undefined;
  // The rent in force this month: the latest rent change from its first day on, else the tenancy's.
  const change = await db
    .selectFrom("rent_changes")
    .select(["base_rent_cents", "utilities_cents"])
    .where("tenancy_id", "=", tenancy.id)
    .where("effective_from", "<=", `${berlinToday().slice(0, 7)}-01`)
    .orderBy("effective_from", "desc")
    .limit(sql.lit(1))
    .executeTakeFirst();
  const rent = change ?? tenancy;

  const [yearRows, payments, invoices] = await Promise.all([
    db
      .selectFrom("payments")
      .select(sql<string>`substr(due_date, 1, 4)`.as("year"))
      .where("tenant_id", "=", tenantId)
      .groupBy(sql`substr(due_date, 1, 4)`)
      .orderBy("year", "desc")
      .execute(),
    db
      .selectFrom("payments")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("due_date", ">=", `${year}-01-01`)
      .where("due_date", "<=", `${year}-12-31`)
      .orderBy("due_date", "desc")
      .orderBy("created_at", "desc")
      .execute(),
    db
      .selectFrom("invoices")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("paid_at", "is", null)
      .orderBy("due_date", "asc")
      .orderBy("issued_at", "asc")
      .execute(),
  ]);

  const today = berlinToday();
  const debits = await directDebitsOfCharges(db, payments);
  return {
    year,
    years: yearRows.map((r) => Number(r.year)),
    rent: {
      base_rent: centsToEuros(rent.base_rent_cents),
      utilities: centsToEuros(rent.utilities_cents),
      total: centsToEuros(rent.base_rent_cents + rent.utilities_cents),
      currency: CURRENCY,
      payment_method: tenancy.payment_method,
      due_day: tenancy.due_day,
      iban_last4: tenancy.iban_last4,
    },
    payments: payments.map((row) => {
      const debit = debits.get(row.id);
      return { ...toRentPayment(row, today), ...(debit ? { direct_debit: debit } : {}) };
    }),
    open_invoices: invoices.map(toOpenInvoice),
  };
}
