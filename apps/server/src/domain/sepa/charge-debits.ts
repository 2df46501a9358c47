import { type ChargeDirectDebit, returnReasonText, type SepaItemState } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";

/**
 * Each charge's latest direct debit (not cancelled), as the ledger and the tenant's payments show it:
 * "Lastschrift eingereicht" until the money shows, or returned with its reason (issue 28). Reads only.
 */
export async function directDebitsOfCharges(
  db: Db,
  charges: { id: string; status: string }[],
): Promise<Map<string, ChargeDirectDebit>> {
  const out = new Map<string, ChargeDirectDebit>();
  if (charges.length === 0) return out;
  const paid = new Set(charges.filter((c) => c.status === "paid").map((c) => c.id));
  for (let i = 0; i < charges.length; i += 400) {
    const rows = await db
      .selectFrom("sepa_run_items as i")
      .innerJoin("sepa_runs as r", "r.id", "i.run_id")
      .leftJoin("sepa_returns as x", "x.item_id", "i.id")
      .select(["i.charge_id", "i.state", "i.created_at", "r.collection_date", "x.reason_code"])
      .where(
        "i.charge_id",
        "in",
        charges.slice(i, i + 400).map((c) => c.id),
      )
      .where("i.state", "!=", "cancelled")
      .orderBy("i.created_at")
      .execute();
    for (const r of rows) {
      const state: SepaItemState = r.state === "submitted" && paid.has(r.charge_id) ? "collected" : r.state;
      out.set(r.charge_id, {
        state,
        collection_date: r.collection_date,
        return_reason: r.state === "returned" ? returnReasonText(r.reason_code) : null,
      });
    }
  }
  return out;
}
