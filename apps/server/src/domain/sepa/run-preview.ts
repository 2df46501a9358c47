import {
  addDays,
  earliestCollectionDate,
  isTargetBusinessDay,
  maskIban,
  type SepaSequenceType,
} from "@mieter-portal/contracts";
import type { SepaPreviewItem, SepaRunPreview } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { centsToEuros, germanDateOf } from "../../lib/time.js";
import { type CreditorSettings, findCreditorSettings } from "./creditor.js";
import { mandateState, type StaffScope } from "./mandates.js";

/**
 * The collection run's preview (issue 28): every charge of the month not paid in full of tenancies
 * that pay by direct debit (an active mandate, or SEPA as their payment method), with amount, due
 * date, sequence type, masked IBAN and what keeps it out of the file. Reads only; the run's writer
 * (runs.ts) calls it again inside its transaction.
 */

/** A file may ask for a collection at most this many calendar days ahead (banks hold it until then). */
export const MAX_DAYS_AHEAD = 14;

export interface RunRequest {
  month: string;
  buildingId?: string | undefined;
  collectionDate: string;
}

export interface PlannedItem extends SepaPreviewItem {
  amountCents: number;
  mandateId: string | null;
  mandateSignedOn: string | null;
  debtorName: string | null;
  iban: string | null;
  bic: string | null;
  tenantId: string;
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  paymentReference: string;
  attempts: number;
}

export interface Plan {
  creditor: CreditorSettings | null;
  earliest: string;
  problems: string[];
  items: PlannedItem[];
}

/** Run-level problems: creditor settings, a collection date that is no TARGET day or too early or late. */
function runProblems(creditor: CreditorSettings | null, request: RunRequest, earliest: string, today: string) {
  const problems: string[] = [];
  if (!creditor)
    problems.push(
      "Es fehlen die Gläubigerdaten (Gläubiger-ID und Konto). Ein Administrator trägt sie unter Lastschrift → Gläubigerdaten ein.",
    );
  const date = request.collectionDate;
  if (!isTargetBusinessDay(date)) {
    let next = date;
    while (!isTargetBusinessDay(next)) next = addDays(next, 1);
    problems.push(
      `Am ${germanDateOf(date)} wird nicht gebucht (Wochenende oder TARGET-Feiertag). Bitte einen Bankarbeitstag wählen, z. B. den ${germanDateOf(next < earliest ? earliest : next)}.`,
    );
  } else if (date < earliest) {
    problems.push(
      `Das Einzugsdatum ist zu früh: Die Bank braucht die Datei ${creditor?.leadDays ?? 2} Bankarbeitstage vorher, und die Vorabankündigung muss die Mieter ${creditor?.prenoticeDays ?? 5} Tage vorher erreichen. Frühestens ${germanDateOf(earliest)}.`,
    );
  }
  if (date > addDays(today, MAX_DAYS_AHEAD))
    problems.push(
      `Das Einzugsdatum liegt mehr als ${MAX_DAYS_AHEAD} Tage in der Zukunft; die Bank nimmt die Datei so früh nicht an. Bitte den Einzug später anlegen.`,
    );
  return problems;
}

export async function planRun(db: Db, request: RunRequest, scope: StaffScope, today: string): Promise<Plan> {
  const creditor = await findCreditorSettings(db);
  const earliest = earliestCollectionDate(today, creditor?.leadDays ?? 2, creditor?.prenoticeDays ?? 5);
  const problems = runProblems(creditor, request, earliest, today);
  if (!scope.allBuildings && scope.buildingIds.length === 0) return { creditor, earliest, problems, items: [] };
  let q = db
    .selectFrom("payments as c")
    .innerJoin("tenancies as t", "t.id", "c.tenancy_id")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .innerJoin("rent_accounts as a", "a.tenancy_id", "t.id")
    .leftJoin("buildings as b", "b.id", "t.building_id")
    .leftJoin("sepa_mandates as m", (j) => j.onRef("m.tenancy_id", "=", "t.id").on("m.revoked_at", "is", null))
    .leftJoin("sepa_run_items as i", (j) =>
      j.onRef("i.charge_id", "=", "c.id").on(sql<boolean>`i.state in ('submitted', 'collected')`),
    )
    .leftJoin("sepa_runs as r", "r.id", "i.run_id")
    .select([
      "c.id as charge_id",
      "c.description",
      "c.due_date",
      sql<number>`c.amount_cents - c.paid_cents`.as("open_cents"),
      "t.id as tenancy_id",
      "t.apartment_number",
      "t.payment_method",
      "b.name as building_name",
      "p.id as tenant_id",
      "p.first_name",
      "p.last_name",
      "p.email",
      "a.reference as payment_reference",
      "m.id as mandate_id",
      "m.reference as mandate_reference",
      "m.signed_on",
      "m.debtor_name",
      "m.iban",
      "m.bic",
      "m.last_collection_on",
      "m.revoked_at",
      "m.standing_notice_cents",
      "r.collection_date as taken_on",
      "r.message_id as taken_by",
      (eb) =>
        eb
          .selectFrom("sepa_run_items as e")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("e.charge_id", "=", "c.id")
          .as("attempts"),
    ])
    .where("c.period", "=", request.month)
    .where(sql<boolean>`c.status in ('pending', 'overdue')`)
    .where(sql<boolean>`c.amount_cents > c.paid_cents`)
    .where((eb) => eb.or([eb("m.id", "is not", null), eb("t.payment_method", "=", "sepa_direct_debit")]));
  if (!scope.allBuildings) q = q.where("t.building_id", "in", scope.buildingIds);
  if (request.buildingId) q = q.where("t.building_id", "=", request.buildingId);
  const rows = await q.orderBy("p.last_name").orderBy("p.first_name").orderBy("c.id").execute();
  const items = rows.map((r): PlannedItem => {
    const itemProblems: string[] = [];
    const amountCents = Number(r.open_cents);
    let sequence: SepaSequenceType | null = null;
    if (!r.mandate_id) {
      itemProblems.push("Kein SEPA-Mandat – bitte ein unterschriebenes Mandat erfassen.");
    } else {
      const state = mandateState(
        { signed_on: r.signed_on!, last_collection_on: r.last_collection_on, revoked_at: r.revoked_at },
        today,
      );
      if (state === "expired")
        itemProblems.push(
          `Mandat ${r.mandate_reference} ist verfallen (36 Monate ohne Einzug) – bitte ein neues Mandat einholen.`,
        );
      sequence = r.last_collection_on ? "RCUR" : "FRST";
    }
    if (r.taken_on) itemProblems.push(`Bereits im Einzug zum ${germanDateOf(r.taken_on)} (Datei ${r.taken_by}).`);
    let prenotice: "email" | "standing" | null = null;
    if (r.email) prenotice = "email";
    else if (r.mandate_id && r.standing_notice_cents === amountCents) prenotice = "standing";
    else if (r.mandate_id)
      itemProblems.push(
        "Keine E-Mail-Adresse für die Vorabankündigung, und der Betrag weicht von der mit dem Mandat angekündigten Monatsmiete ab – bitte den Mieter schriftlich informieren und eine E-Mail-Adresse erfassen.",
      );
    return {
      charge_id: r.charge_id,
      tenancy_id: r.tenancy_id,
      tenant_name: `${r.first_name} ${r.last_name}`.trim(),
      building_name: r.building_name,
      unit: r.apartment_number,
      description: r.description,
      due_date: r.due_date,
      amount: centsToEuros(amountCents),
      sequence,
      mandate_reference: r.mandate_reference,
      iban_masked: r.iban ? maskIban(r.iban) : null,
      prenotice,
      problems: itemProblems,
      amountCents,
      mandateId: r.mandate_id,
      mandateSignedOn: r.signed_on,
      debtorName: r.debtor_name,
      iban: r.iban,
      bic: r.bic,
      tenantId: r.tenant_id,
      tenantEmail: r.email,
      tenantFirstName: r.first_name,
      tenantLastName: r.last_name,
      paymentReference: r.payment_reference,
      attempts: Number(r.attempts ?? 0),
    };
  });
  return { creditor, earliest, problems, items };
}

/** What goes into the file: every item without a problem (of the chosen charges, when given). */
export const chosen = (items: PlannedItem[], chargeIds?: string[]) => {
  const wanted = chargeIds ? new Set(chargeIds) : null;
  return items.filter((i) => i.problems.length === 0 && (!wanted || wanted.has(i.charge_id)));
};

export function toPreview(request: RunRequest, plan: Plan, chargeIds?: string[]): SepaRunPreview {
  const taken = chosen(plan.items, chargeIds);
  const bySequence = (["FRST", "RCUR"] as const)
    .map((sequence) => {
      const of = taken.filter((i) => i.sequence === sequence);
      return { sequence, count: of.length, amount: centsToEuros(of.reduce((s, i) => s + i.amountCents, 0)) };
    })
    .filter((s) => s.count > 0);
  return {
    month: request.month,
    collection_date: request.collectionDate,
    earliest_collection_date: plan.earliest,
    problems: plan.problems,
    items: plan.items.map(
      ({
        amountCents: _a,
        mandateId: _m,
        mandateSignedOn: _s,
        debtorName: _d,
        iban: _i,
        bic: _b,
        tenantId: _t,
        tenantEmail: _e,
        tenantFirstName: _f,
        tenantLastName: _l,
        paymentReference: _p,
        attempts: _n,
        ...shown
      }) => shown,
    ),
    totals: {
      count: taken.length,
      amount: centsToEuros(taken.reduce((s, i) => s + i.amountCents, 0)),
      with_problems: plan.items.filter((i) => i.problems.length > 0).length,
      by_sequence: bySequence,
    },
  };
}
