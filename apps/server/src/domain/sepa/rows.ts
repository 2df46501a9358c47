import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";

/**
 * Seeded mandates (the bench): one per tenancy, reference and standing notice as createMandate makes
 * them (the tenancy's payment reference with "-01", its rent), without the audit entries. The
 * tenancies' rent accounts must exist (ensureRentCharges made them).
 */
export async function insertMandateRows(
  db: Db,
  mandates: { tenancyId: string; signedOn: string; debtorName: string; iban: string }[],
): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < mandates.length; i += 200) {
    const chunk = mandates.slice(i, i + 200);
    const accounts = new Map(
      (
        await db
          .selectFrom("rent_accounts as a")
          .innerJoin("tenancies as t", "t.id", "a.tenancy_id")
          .select(["a.tenancy_id", "a.reference", "t.base_rent_cents", "t.utilities_cents"])
          .where(
            "a.tenancy_id",
            "in",
            chunk.map((m) => m.tenancyId),
          )
          .execute()
      ).map((a) => [a.tenancy_id, a]),
    );
    await db
      .insertInto("sepa_mandates")
      .values(
        chunk.map((m) => {
          const account = accounts.get(m.tenancyId)!;
          return {
            id: randomUUID(),
            tenancy_id: m.tenancyId,
            reference: `${account.reference}-01`,
            signed_on: m.signedOn,
            debtor_name: m.debtorName,
            iban: m.iban,
            bic: null,
            standing_notice_cents: account.base_rent_cents + account.utilities_cents,
            last_collection_on: null,
            imported_last_collection_on: null,
            revoked_at: null,
            revoked_by: null,
            revoke_reason: null,
            created_by: null,
            created_at: now,
          };
        }),
      )
      .execute();
  }
}
