import type { Kysely } from "kysely";

/**
 * Issue 24: opening balances and the first month charged at takeover.
 * (Placeholder registered up front so parallel work does not collide; filled by its owner.)
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(_db: Kysely<any>): Promise<void> {}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(_db: Kysely<any>): Promise<void> {}
