import { returnReasonText } from "@mieter-portal/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { StatementLine } from "../../lib/bank-statement.js";
import { type Candidate, candidates, euro, inChunks, type Matched } from "./bank-matching.js";

/**
 * Recognising the portal's own direct debits in a bank statement (issue 28, decision 053): a credit
 * whose end-to-end id is one of a run's debits belongs to that debit's tenancy; a returned debit
 * (camt.ts: return information, reversal, unpaid direct debit code) is matched to the debit it gives
 * back, by end-to-end id, else by mandate reference and amount. Reads only.
 */

export interface DebitRow {
  id: string;
  run_id: string;
  charge_id: string;
  tenancy_id: string;
  amount_cents: number;
  end_to_end_id: string;
  mandate_reference: string;
  state: string;
  description: string;
  created_at: string;
}

export interface DirectDebits {
  byEndToEnd: Map<string, DebitRow>;
  byMandate: Map<string, DebitRow[]>;
  /** Return lines recorded before (by the line's key): a re-import changes nothing. */
  recorded: Set<string>;
  tenancies: Map<string, Candidate>;
}

const debitQuery = (db: Db) =>
  db
    .selectFrom("sepa_run_items as i")
    .innerJoin("payments as c", "c.id", "i.charge_id")
    .select([
      "i.id",
      "i.run_id",
      "i.charge_id",
      "i.tenancy_id",
      "i.amount_cents",
      "i.end_to_end_id",
      "i.mandate_reference",
      "i.state",
      "c.description",
      "i.created_at",
    ]);

export async function directDebitsOf(db: Db, lines: StatementLine[]): Promise<DirectDebits> {
  const returns = lines.filter((l) => l.directDebitReturn && !l.pending && !l.refusal);
  const ids = [...new Set(lines.map((l) => l.endToEndId).filter((e): e is string => Boolean(e)))];
  const mandates = [
    ...new Set(returns.map((l) => l.directDebitReturn!.mandateId).filter((m): m is string => Boolean(m))),
  ];
  const [byId, byMandateRows, recorded] = await Promise.all([
    inChunks(ids, (chunk) => debitQuery(db).where("i.end_to_end_id", "in", chunk).execute()),
    inChunks(mandates, (chunk) =>
      debitQuery(db)
        .where("i.mandate_reference", "in", chunk)
        .where(sql<boolean>`i.state in ('submitted', 'collected')`)
        .execute(),
    ),
    inChunks(
      returns.map((l) => l.dedupeKey),
      (chunk) => db.selectFrom("sepa_returns").select("bank_ref").where("bank_ref", "in", chunk).execute(),
    ),
  ]);
  const byMandate = new Map<string, DebitRow[]>();
  for (const r of byMandateRows) byMandate.set(r.mandate_reference, [...(byMandate.get(r.mandate_reference) ?? []), r]);
  const tenancyIds = [...new Set([...byId, ...byMandateRows].map((r) => r.tenancy_id))];
  return {
    byEndToEnd: new Map(byId.map((r) => [r.end_to_end_id, r])),
    byMandate,
    recorded: new Set(recorded.map((r) => r.bank_ref)),
    tenancies: new Map((await candidates(db, { ids: tenancyIds })).map((c) => [c.tenancyId, c])),
  };
}

/** The debit a return line gives back, if it is one of the portal's and has not been returned. */
function debitOf(line: StatementLine, debits: DirectDebits): DebitRow | undefined {
  const ret = line.directDebitReturn!;
  const byId = line.endToEndId ? debits.byEndToEnd.get(line.endToEndId) : undefined;
  if (byId) return byId;
  const candidates = (ret.mandateId ? (debits.byMandate.get(ret.mandateId) ?? []) : []).filter(
    (d) => d.amount_cents === ret.originalCents,
  );
  return candidates.sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
}

export function returnMatch(
  line: StatementLine,
  debits: DirectDebits,
  visible: (buildingId: string | null) => boolean,
): Matched {
  const ret = line.directDebitReturn!;
  const reason = returnReasonText(ret.reasonCode);
  if (debits.recorded.has(line.dedupeKey)) {
    return { line, status: "duplicate", reason: "Rücklastschrift bereits gebucht.", tenancy: null };
  }
  const debit = debitOf(line, debits);
  if (!debit) {
    return {
      line,
      status: "ignored",
      reason: `Rücklastschrift (${reason}) zu keiner Lastschrift des Portals – bitte von Hand prüfen; sie wird nicht als Zahlung gebucht.`,
      tenancy: null,
    };
  }
  if (debit.state === "returned") {
    return {
      line,
      status: "duplicate",
      reason: "Diese Lastschrift ist bereits als zurückgegeben gebucht.",
      tenancy: null,
    };
  }
  const tenancy = debits.tenancies.get(debit.tenancy_id)!;
  // Not written as a waiting line: a negative line must never be assigned as a payment. Whoever looks
  // after the building imports the statement again.
  if (!visible(tenancy.buildingId))
    return {
      line,
      status: "ignored",
      reason:
        "Rücklastschrift eines Hauses, das Sie nicht betreuen – bitte den Auszug von jemandem importieren lassen, der es betreut.",
      tenancy: null,
    };
  const fee =
    ret.feeCents > 0 ? ` Bankgebühr ${euro(ret.feeCents)} – weiterberechnen oder nicht, unter Rücklastschriften.` : "";
  return {
    line,
    status: "match",
    reason: `Rücklastschrift (${reason}): ${debit.description} über ${euro(debit.amount_cents)} ist wieder offen.${fee}`,
    tenancy,
    sepaReturn: {
      itemId: debit.id,
      runId: debit.run_id,
      chargeId: debit.charge_id,
      tenancyId: debit.tenancy_id,
      description: debit.description,
      amountCents: debit.amount_cents,
      feeCents: ret.feeCents,
      reasonCode: ret.reasonCode,
    },
  };
}
