import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

/** The staff member who signs the management's messages; created once, found afterwards. */
export async function ensureStaffUser(db: Db, s: { email: string; name: string; createdAt: string }): Promise<string> {
  await db
    .insertInto("staff_users")
    .values({
      id: randomUUID(),
      email: s.email,
      email_normalized: s.email.toLowerCase(),
      name: s.name,
      password_hash: null,
      password_changed_at: null,
      totp_secret: null,
      last_digest_at: null,
      created_at: s.createdAt,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const row = await db.selectFrom("staff_users").select("id").where("email", "=", s.email).executeTakeFirstOrThrow();
  return row.id;
}
