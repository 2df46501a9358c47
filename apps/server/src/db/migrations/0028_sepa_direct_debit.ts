import { type Kysely, sql } from "kysely";

/**
 * Issue 28 (decision 053): rent by SEPA direct debit.
 * - sepa_creditor_settings: the company as creditor (one row, id 'company'): Gläubiger-ID, name,
 *   collecting account, lead time in TARGET days, pre-notification days.
 * - sepa_mandates: signed mandates per tenancy; the reference is unique (derived from the tenancy's
 *   payment reference and a number); at most one not revoked per tenancy (partial unique index).
 *   `standing_notice_cents`: the monthly amount the signed form announced (the standing
 *   pre-notification); `last_collection_on` counts the 36 months after which a mandate expires.
 * - sepa_runs: one collection file (pain.008) per run: month, building (null: every building of
 *   the person), requested collection date, its MsgId; created, downloaded, cancelled.
 * - sepa_run_items: the charges in a run with what the file says of them (mandate, debtor, IBAN,
 *   amount, sequence type, end-to-end id), so the file reads the same at every download. A charge is
 *   in at most one run that has not ended for it: the partial unique index on charge_id over the
 *   states submitted and collected is what keeps two concurrent runs from collecting it twice.
 * - sepa_returns: a returned direct debit read from a bank statement (unique by the bank's line
 *   key, so a re-import changes nothing): reason code, the bank's fee and what the manager decided.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sepa_creditor_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("creditor_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("iban", "text", (c) => c.notNull())
    .addColumn("bic", "text")
    .addColumn("lead_days", "integer", (c) => c.notNull())
    .addColumn("prenotice_days", "integer", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sepa_mandates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenancy_id", "text", (c) => c.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("signed_on", "text", (c) => c.notNull())
    .addColumn("debtor_name", "text", (c) => c.notNull())
    .addColumn("iban", "text", (c) => c.notNull())
    .addColumn("bic", "text")
    .addColumn("standing_notice_cents", "integer")
    .addColumn("last_collection_on", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .addColumn("revoke_reason", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sepa_mandates_one_current_idx")
    .unique()
    .on("sepa_mandates")
    .column("tenancy_id")
    .where(sql.ref("revoked_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("sepa_mandates_tenancy_idx")
    .on("sepa_mandates")
    .columns(["tenancy_id", "created_at"])
    .execute();

  await db.schema
    .createTable("sepa_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("building_id", "text")
    .addColumn("collection_date", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("item_count", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    // What the file's header names: the creditor as it stood when the run was made.
    .addColumn("creditor", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("downloaded_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("cancelled_by", "text")
    .execute();
  await db.schema.createIndex("sepa_runs_created_idx").on("sepa_runs").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("sepa_run_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("run_id", "text", (c) => c.notNull().references("sepa_runs.id").onDelete("cascade"))
    .addColumn("charge_id", "text", (c) => c.notNull().references("payments.id").onDelete("cascade"))
    .addColumn("tenancy_id", "text", (c) => c.notNull())
    .addColumn("mandate_id", "text", (c) => c.notNull().references("sepa_mandates.id"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("sequence", "text", (c) => c.notNull())
    .addColumn("end_to_end_id", "text", (c) => c.notNull().unique())
    .addColumn("mandate_reference", "text", (c) => c.notNull())
    .addColumn("mandate_signed_on", "text", (c) => c.notNull())
    .addColumn("debtor_name", "text", (c) => c.notNull())
    .addColumn("iban", "text", (c) => c.notNull())
    .addColumn("bic", "text")
    .addColumn("remittance", "text", (c) => c.notNull())
    .addColumn("prenotice", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sepa_run_items_charge_once_idx")
    .unique()
    .on("sepa_run_items")
    .column("charge_id")
    .where(sql<boolean>`state in ('submitted', 'collected')`)
    .execute();
  await db.schema.createIndex("sepa_run_items_run_idx").on("sepa_run_items").columns(["run_id", "id"]).execute();
  await db.schema
    .createIndex("sepa_run_items_charge_idx")
    .on("sepa_run_items")
    .columns(["charge_id", "created_at"])
    .execute();
  await db.schema.createIndex("sepa_run_items_mandate_idx").on("sepa_run_items").columns(["mandate_id"]).execute();

  await db.schema
    .createTable("sepa_returns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("item_id", "text", (c) => c.notNull().references("sepa_run_items.id").onDelete("cascade"))
    .addColumn("run_id", "text", (c) => c.notNull())
    .addColumn("charge_id", "text", (c) => c.notNull())
    .addColumn("tenancy_id", "text", (c) => c.notNull())
    .addColumn("bank_ref", "text", (c) => c.notNull().unique())
    // The statement's line booked for the return (a negative transaction of the ledger).
    .addColumn("transaction_id", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("fee_cents", "integer", (c) => c.notNull())
    .addColumn("fee_decision", "text", (c) => c.notNull())
    .addColumn("fee_charge_id", "text")
    .addColumn("reason_code", "text")
    .addColumn("booked_on", "text", (c) => c.notNull())
    .addColumn("thread_id", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sepa_returns_tenancy_idx")
    .on("sepa_returns")
    .columns(["tenancy_id", "created_at"])
    .execute();
  await db.schema.createIndex("sepa_returns_created_idx").on("sepa_returns").columns(["created_at", "id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sepa_returns").execute();
  await db.schema.dropTable("sepa_run_items").execute();
  await db.schema.dropTable("sepa_runs").execute();
  await db.schema.dropTable("sepa_mandates").execute();
  await db.schema.dropTable("sepa_creditor_settings").execute();
}
