import type { Kysely } from "kysely";

/**
 * Issue 24 §16: the staff second factor remembers the last time step used (RFC 6238 §5.2), so a
 * code is accepted once: a sign-in, enabling or disabling takes a step only if it is later than the
 * last one (a conditional UPDATE, repositories/staff.ts). Null until a code was used.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").addColumn("totp_last_step", "bigint").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").dropColumn("totp_last_step").execute();
}
