import { randomUUID } from "node:crypto";
import { addDays, CURRENCY } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { refreshOpenSince, settleTenancy } from "./rent-charges.js";

/**
 * A charge of its own for a cost passed on to the tenant (issue 28: the bank's fee for a returned
 * direct debit), due in 14 days; credit the tenancy has pays it at once. Not a month's rent: no period.
 */
export async function addFeeCharge(
  trx: Db,
  tenancyId: string,
  amountCents: number,
  description: string,
  today: string,
): Promise<string> {
  const tenancy = await trx
    .selectFrom("tenancies")
    .select("tenant_id")
    .where("id", "=", tenancyId)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  await trx
    .insertInto("payments")
    .values({
      id,
      tenant_id: tenancy.tenant_id,
      tenancy_id: tenancyId,
      amount_cents: amountCents,
      currency: CURRENCY,
      status: "pending",
      due_date: addDays(today, 14),
      paid_at: null,
      description,
      created_at: nowIso(),
      period: null,
      paid_cents: 0,
    })
    .execute();
  await settleTenancy(trx, tenancyId);
  await refreshOpenSince(trx, [tenancyId]);
  return id;
}
