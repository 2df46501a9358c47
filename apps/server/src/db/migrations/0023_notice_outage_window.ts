import type { Kysely } from "kysely";

/**
 * Issue 25 item 21 (docs/decisions/032-outage-window.md): a notice's outage window, when the outage
 * itself runs (UTC ISO text like every instant), apart from how long the notice is shown. Required
 * for outages ("Störung") published from now on; notices that exist keep none (null) — their
 * validity was never the outage's time, so it is not copied.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notices").addColumn("outage_from", "text").execute();
  await db.schema.alterTable("notices").addColumn("outage_until", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notices").dropColumn("outage_until").execute();
  await db.schema.alterTable("notices").dropColumn("outage_from").execute();
}
