import { type Kysely, sql } from "kysely";

/**
 * Issue 14 §2, the rent ledger (docs/decisions/020-rent-ledger.md):
 * - `payments` rows are the monthly rent charges: `period` (YYYY-MM, unique per tenancy) makes
 *   generating them idempotent; `paid_cents` keeps partial payments.
 * - `rent_accounts`: one per tenancy — the payment reference the tenant writes in a transfer,
 *   the first month the ledger charges, the last reminder.
 * - `rent_changes`: a new rent from the first of a month.
 * - `bank_imports` and `bank_transactions`: money received (by hand or from a statement); a
 *   transaction without a tenancy waits for a person. `bank_ref` (unique) keeps a statement
 *   imported twice from booking twice. `payment_allocations`: which money paid which charge.
 * SQLite runs DDL outside a transaction: steps use IF NOT EXISTS where they can.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  // No REFERENCES on columns added to an existing table: SQLite could not drop them in down().
  await db.schema.alterTable("payments").addColumn("period", "text").execute();
  await db.schema
    .alterTable("payments")
    .addColumn("paid_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Charges entered before the ledger: their month, where the tenancy has one charge in it.
  await sql`update payments set period = substr(due_date, 1, 7)
    where period is null and (select count(*) from payments p2
      where p2.tenancy_id = payments.tenancy_id and substr(p2.due_date, 1, 7) = substr(payments.due_date, 1, 7)) = 1`.execute(
    db,
  );
  await sql`update payments set paid_cents = amount_cents where status = 'paid'`.execute(db);
  await db.schema
    .createIndex("payments_tenancy_period_idx")
    .ifNotExists()
    .unique()
    .on("payments")
    .columns(["tenancy_id", "period"])
    .execute();
  // A tenancy's charges by due date (the ledger page, settling).
  await db.schema
    .createIndex("payments_tenancy_due_idx")
    .ifNotExists()
    .on("payments")
    .columns(["tenancy_id", "due_date", "id"])
    .execute();
  // Open charges by due date across tenancies (the overdue list), covering its sums: the status as
  // the queries write it.
  await db.schema
    .createIndex("payments_open_due_idx")
    .ifNotExists()
    .on("payments")
    .columns(["due_date", "tenancy_id", "amount_cents", "paid_cents"])
    .where(sql<boolean>`status in ('pending', 'overdue')`)
    .execute();

  // The console's rent accounts by tenant name.
  await db.schema
    .createIndex("tenants_name_idx")
    .ifNotExists()
    .on("tenants")
    .columns(["last_name", "first_name", "id"])
    .execute();

  await db.schema
    .createTable("rent_accounts")
    .ifNotExists()
    .addColumn("tenancy_id", "text", (c) => c.primaryKey().references("tenancies.id").onDelete("cascade"))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    // First day of the first month the ledger charges.
    .addColumn("ledger_from", "text", (c) => c.notNull())
    .addColumn("last_reminder_at", "text")
    // Due date of the oldest charge not paid in full (null: nothing open): the overdue list reads
    // this index range instead of grouping every open charge.
    .addColumn("open_since", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rent_accounts_open_since_idx")
    .ifNotExists()
    .on("rent_accounts")
    .columns(["open_since", "tenancy_id"])
    .execute();

  await db.schema
    .createTable("rent_changes")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenancy_id", "text", (c) => c.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("effective_from", "text", (c) => c.notNull())
    .addColumn("base_rent_cents", "integer", (c) => c.notNull())
    .addColumn("utilities_cents", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("rent_changes_tenancy_from_uq", ["tenancy_id", "effective_from"])
    .execute();

  await db.schema
    .createTable("bank_imports")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("line_count", "integer", (c) => c.notNull())
    .addColumn("matched_count", "integer", (c) => c.notNull())
    .addColumn("unmatched_count", "integer", (c) => c.notNull())
    .addColumn("duplicate_count", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("bank_transactions")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    // manual | csv | camt
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("import_id", "text", (c) => c.references("bank_imports.id").onDelete("set null"))
    // Statement lines only: the bank's reference (or a digest of the line), unique.
    .addColumn("bank_ref", "text", (c) => c.unique())
    .addColumn("booked_on", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("allocated_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payer_name", "text")
    .addColumn("payer_iban", "text")
    .addColumn("remittance", "text")
    // null: unmatched, waits for a person.
    .addColumn("tenancy_id", "text", (c) => c.references("tenancies.id").onDelete("cascade"))
    .addColumn("match_reason", "text")
    .addColumn("created_by", "text", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("bank_transactions_tenancy_idx")
    .ifNotExists()
    .on("bank_transactions")
    .columns(["tenancy_id", "booked_on", "id"])
    .execute();
  // The lines that wait for a person, oldest first.
  await db.schema
    .createIndex("bank_transactions_unmatched_idx")
    .ifNotExists()
    .on("bank_transactions")
    .columns(["created_at", "id"])
    .where(sql.ref("tenancy_id"), "is", null)
    .execute();
  // IBANs known from earlier payments of a tenancy.
  await db.schema
    .createIndex("bank_transactions_iban_idx")
    .ifNotExists()
    .on("bank_transactions")
    .columns(["payer_iban", "tenancy_id"])
    .execute();

  await db.schema
    .createTable("payment_allocations")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transaction_id", "text", (c) => c.notNull().references("bank_transactions.id").onDelete("cascade"))
    .addColumn("charge_id", "text", (c) => c.notNull().references("payments.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_allocations_charge_idx")
    .ifNotExists()
    .on("payment_allocations")
    .column("charge_id")
    .execute();
  await db.schema
    .createIndex("payment_allocations_transaction_idx")
    .ifNotExists()
    .on("payment_allocations")
    .column("transaction_id")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_allocations").ifExists().execute();
  await db.schema.dropTable("bank_transactions").ifExists().execute();
  await db.schema.dropTable("bank_imports").ifExists().execute();
  await db.schema.dropTable("rent_changes").ifExists().execute();
  await db.schema.dropTable("rent_accounts").ifExists().execute();
  await db.schema.dropIndex("tenants_name_idx").ifExists().execute();
  await db.schema.dropIndex("payments_open_due_idx").ifExists().execute();
  await db.schema.dropIndex("payments_tenancy_due_idx").ifExists().execute();
  await db.schema.dropIndex("payments_tenancy_period_idx").ifExists().execute();
  await db.schema.alterTable("payments").dropColumn("paid_cents").execute();
  await db.schema.alterTable("payments").dropColumn("period").execute();
}
