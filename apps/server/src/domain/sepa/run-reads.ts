import { maskIban, returnReasonText, type SepaItemState } from "@mieter-portal/contracts";
import type { SepaRunDetail, SepaRunSummary } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { decodeCursor, splitPage } from "../../lib/pagination.js";
import { pain008Xml } from "../../lib/pain008.js";
import { centsToEuros } from "../../lib/time.js";
import type { CreditorSettings } from "./creditor.js";
import type { StaffScope } from "./mandates.js";

/** Reading collection runs: the list, one run with its items, and its pain.008 file. */

function runQuery(db: Db) {
  return db
    .selectFrom("sepa_runs as r")
    .leftJoin("buildings as b", "b.id", "r.building_id")
    .leftJoin("staff_users as s", "s.id", "r.created_by")
    .select([
      "r.id",
      "r.month",
      "r.building_id",
      "b.name as building_name",
      "r.collection_date",
      "r.state",
      "r.message_id",
      "r.item_count",
      "r.total_cents",
      "r.created_at",
      "r.created_by",
      "s.name as staff_name",
      "r.downloaded_at",
      "r.cancelled_at",
      (eb) =>
        eb
          .selectFrom("sepa_run_items as i")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("i.run_id", "=", "r.id")
          .where("i.state", "=", "returned")
          .as("returned_count"),
    ]);
}
type RunRow = Awaited<ReturnType<ReturnType<typeof runQuery>["execute"]>>[number];

const toSummary = (r: RunRow): SepaRunSummary => ({
  id: r.id,
  month: r.month,
  building: r.building_id ? { id: r.building_id, name: r.building_name ?? "" } : null,
  collection_date: r.collection_date,
  state: r.state,
  message_id: r.message_id,
  count: r.item_count,
  amount: centsToEuros(r.total_cents),
  returned_count: Number(r.returned_count ?? 0),
  created_at: r.created_at,
  created_by: r.created_by ? { id: r.created_by, name: r.staff_name ?? "ein ehemaliger Mitarbeiter" } : null,
  downloaded_at: r.downloaded_at,
  cancelled_at: r.cancelled_at,
});

/**
 * Runs a staff member may see: of one of their buildings, or of "every building" made by someone
 * who sees them all (Administrators); newest first.
 */
export async function listRuns(
  db: Db,
  scope: StaffScope,
  query: { building?: string | undefined; cursor?: string | undefined; limit: number },
) {
  let q = runQuery(db);
  if (!scope.allBuildings) {
    if (scope.buildingIds.length === 0) return { items: [], next_cursor: null };
    q = q.where((eb) =>
      eb.or([
        eb("r.building_id", "in", scope.buildingIds),
        eb.and([
          eb("r.building_id", "is", null),
          eb.not(
            eb.exists(
              eb
                .selectFrom("sepa_run_items as i")
                .innerJoin("tenancies as t", "t.id", "i.tenancy_id")
                .select("i.id")
                .whereRef("i.run_id", "=", "r.id")
                .where((e) => e.or([e("t.building_id", "is", null), e("t.building_id", "not in", scope.buildingIds)])),
            ),
          ),
        ]),
      ]),
    );
  }
  if (query.building) q = q.where("r.building_id", "=", query.building);
  if (query.cursor) {
    const [at, id] = decodeCursor("sepa-runs", query.cursor, 2) as [string, string];
    q = q.where((eb) =>
      eb.or([eb("r.created_at", "<", at), eb.and([eb("r.created_at", "=", at), eb("r.id", "<", id)])]),
    );
  }
  const rows = await q
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = splitPage(rows, query.limit, "sepa-runs", (r) => [r.created_at, r.id]);
  return { items: page.rows.map(toSummary), next_cursor: page.nextCursor };
}

/** The buildings a run's items are in (for the scope check: all must be the staff member's). */
export async function runBuildings(db: Db, runId: string): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom("sepa_run_items as i")
    .innerJoin("tenancies as t", "t.id", "i.tenancy_id")
    .select("t.building_id")
    .distinct()
    .where("i.run_id", "=", runId)
    .execute();
  return rows.map((r) => r.building_id);
}

export const runFileName = (r: { message_id: string }) => `Lastschrift-${r.message_id}.xml`;

export async function findRun(db: Db, runId: string): Promise<SepaRunDetail | undefined> {
  const run = await runQuery(db).where("r.id", "=", runId).executeTakeFirst();
  if (!run) return undefined;
  const items = await db
    .selectFrom("sepa_run_items as i")
    .innerJoin("payments as c", "c.id", "i.charge_id")
    .innerJoin("tenancies as t", "t.id", "i.tenancy_id")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .leftJoin("buildings as b", "b.id", "t.building_id")
    .leftJoin("sepa_returns as x", "x.item_id", "i.id")
    .select([
      "i.charge_id",
      "i.tenancy_id",
      "p.first_name",
      "p.last_name",
      "b.name as building_name",
      "t.apartment_number",
      "c.description",
      "c.due_date",
      "c.status as charge_status",
      "i.amount_cents",
      "i.sequence",
      "i.mandate_reference",
      "i.iban",
      "i.end_to_end_id",
      "i.state",
      "i.prenotice",
      "x.reason_code",
    ])
    .where("i.run_id", "=", runId)
    .orderBy("p.last_name")
    .orderBy("p.first_name")
    .orderBy("i.id")
    .execute();
  const bySequence = (["FRST", "RCUR"] as const)
    .map((sequence) => {
      const of = items.filter((i) => i.sequence === sequence);
      return { sequence, count: of.length, amount: centsToEuros(of.reduce((s, i) => s + i.amount_cents, 0)) };
    })
    .filter((s) => s.count > 0);
  return {
    ...toSummary(run),
    file_name: runFileName(run),
    by_sequence: bySequence,
    items: items.map((i) => ({
      charge_id: i.charge_id,
      tenancy_id: i.tenancy_id,
      tenant_name: `${i.first_name} ${i.last_name}`.trim(),
      building_name: i.building_name,
      unit: i.apartment_number,
      description: i.description,
      due_date: i.due_date,
      amount: centsToEuros(i.amount_cents),
      sequence: i.sequence,
      mandate_reference: i.mandate_reference,
      iban_masked: maskIban(i.iban),
      end_to_end_id: i.end_to_end_id,
      // Paid some other way (a batch split by hand) while the debit was out: collected all the same.
      state: (i.state === "submitted" && i.charge_status === "paid" ? "collected" : i.state) as SepaItemState,
      prenotice: i.prenotice,
      return_reason: i.state === "returned" ? returnReasonText(i.reason_code) : null,
    })),
  };
}

/** The run's pain.008.001.08 file, the same at every download (written from the stored items). */
export async function runXml(db: Db, runId: string): Promise<{ xml: string; fileName: string } | undefined> {
  const run = await db.selectFrom("sepa_runs").selectAll().where("id", "=", runId).executeTakeFirst();
  if (!run) return undefined;
  const creditor = JSON.parse(run.creditor) as CreditorSettings;
  const items = await db
    .selectFrom("sepa_run_items")
    .selectAll()
    .where("run_id", "=", runId)
    .orderBy("created_at")
    .orderBy(sql`end_to_end_id`)
    .execute();
  const xml = pain008Xml({
    messageId: run.message_id,
    createdAt: run.created_at,
    creditor: { name: creditor.name, iban: creditor.iban, bic: creditor.bic, creditorId: creditor.creditorId },
    collectionDate: run.collection_date,
    transactions: items.map((i) => ({
      endToEndId: i.end_to_end_id,
      amountCents: i.amount_cents,
      sequence: i.sequence,
      mandateReference: i.mandate_reference,
      mandateSignedOn: i.mandate_signed_on,
      debtorName: i.debtor_name,
      iban: i.iban,
      bic: i.bic,
      remittance: i.remittance,
    })),
  });
  return { xml, fileName: runFileName(run) };
}
