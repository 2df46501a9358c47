import { type Db, withTransaction } from "../../db/connection.js";
import { withdrawPendingDocumentDigest } from "../notifications/notifications.js";
import { normalizeEmail } from "./auth.js";
import { currentTenancyOf } from "./current-tenancy.js";

/** Tenants and their tenancies as the admin command line finds them (creating: tenant-onboarding.ts). */

export async function findTenantByEmail(db: Db, email: string) {
  return db
    .selectFrom("tenants")
    .select(["id", "email", "first_name", "last_name"])
    .where("email_normalized", "=", normalizeEmail(email))
    .executeTakeFirst();
}

/** The tenant's current tenancy (current-tenancy.ts). */
export async function findCurrentTenancy(db: Db, tenantId: string) {
  return currentTenancyOf(db, tenantId)
    .select(["id", "start_date", "end_date", "address", "apartment_number"])
    .executeTakeFirst();
}

/**
 * The tenant's switch in Einstellungen → Benachrichtigungen. Turning e-mail off also withdraws the
 * document digest still waiting for its morning: the preference holds until the mail leaves.
 */
export async function setTenantNotifyEmail(db: Db, tenantId: string, on: boolean): Promise<void> {
  await withTransaction(db, async (trx) => {
    await trx
      .updateTable("tenants")
      .set({ notify_email: on ? 1 : 0 })
      .where("id", "=", tenantId)
      .execute();
    if (!on) await withdrawPendingDocumentDigest(trx, tenantId);
  });
}
