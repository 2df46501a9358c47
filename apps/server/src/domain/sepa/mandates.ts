import { randomUUID } from "node:crypto";
import { addMonths, maskIban, type SepaMandateState } from "@mieter-portal/contracts";
import type { SepaMandate, SepaMandatesQuery } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import type { SepaMandatesTable } from "../../db/types.js";
import { decodeCursor, splitPage } from "../../lib/pagination.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { ensureAccount } from "../ledger/rent-ledger.js";
import { checkedBic, checkedIban, findCreditorSettings } from "./creditor.js";

/**
 * SEPA mandates per tenancy (issue 28, decision 053): the only writer of sepa_mandates. A mandate's
 * reference is the tenancy's payment reference and a running number ("MP-K7Q2-X9M4-01"), unique; a
 * tenancy has at most one mandate not revoked (a partial unique index). A mandate expires 36 months
 * after its last collection, or after its signature while unused (SDD rulebook); its first
 * collection is FRST, every later one RCUR.
 */

export const MANDATE_EXPIRY_MONTHS = 36;

export interface StaffScope {
  allBuildings: boolean;
  buildingIds: string[];
}

type MandateRow = Pick<SepaMandatesTable, "signed_on" | "last_collection_on" | "revoked_at">;

export const expiresOn = (m: Pick<MandateRow, "signed_on" | "last_collection_on">) =>
  addMonths(m.last_collection_on ?? m.signed_on, MANDATE_EXPIRY_MONTHS);

export function mandateState(m: MandateRow, today = berlinToday()): SepaMandateState {
  if (m.revoked_at) return "revoked";
  return expiresOn(m) < today ? "expired" : "active";
}

function mandateQuery(db: Db) {
  return db
    .selectFrom("sepa_mandates as m")
    .innerJoin("tenancies as t", "t.id", "m.tenancy_id")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .leftJoin("buildings as b", "b.id", "t.building_id")
    .leftJoin("staff_users as s", "s.id", "m.created_by")
    .select([
      "m.id",
      "m.tenancy_id",
      "m.reference",
      "m.signed_on",
      "m.debtor_name",
      "m.iban",
      "m.bic",
      "m.last_collection_on",
      "m.revoked_at",
      "m.revoke_reason",
      "m.created_at",
      "m.created_by",
      "s.name as staff_name",
      "p.first_name",
      "p.last_name",
      "t.building_id",
      "t.apartment_number",
      "b.name as building_name",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof mandateQuery>["execute"]>>[number];

function toMandate(r: Row, today: string): SepaMandate {
  return {
    id: r.id,
    tenancy_id: r.tenancy_id,
    tenant_name: `${r.first_name} ${r.last_name}`.trim(),
    building: r.building_id ? { id: r.building_id, name: r.building_name ?? "" } : null,
    unit: r.apartment_number,
    reference: r.reference,
    signed_on: r.signed_on,
    debtor_name: r.debtor_name,
    iban: r.iban,
    iban_masked: maskIban(r.iban),
    bic: r.bic,
    state: mandateState(r, today),
    next_sequence: r.last_collection_on ? "RCUR" : "FRST",
    last_collection_on: r.last_collection_on,
    expires_on: expiresOn(r),
    revoked_at: r.revoked_at,
    revoke_reason: r.revoke_reason,
    created_at: r.created_at,
    created_by: r.created_by ? { id: r.created_by, name: r.staff_name ?? "ein ehemaliger Mitarbeiter" } : null,
  };
}

export async function findMandate(db: Db, id: string, today = berlinToday()) {
  const row = await mandateQuery(db).where("m.id", "=", id).executeTakeFirst();
  return row ? { mandate: toMandate(row, today), buildingId: row.building_id } : undefined;
}

/** Mandates of the buildings in scope, newest first, one page. */
export async function listMandates(db: Db, scope: StaffScope, query: SepaMandatesQuery, today = berlinToday()) {
  if (!scope.allBuildings && scope.buildingIds.length === 0) return { items: [], next_cursor: null };
  let q = mandateQuery(db);
  if (!scope.allBuildings) q = q.where("t.building_id", "in", scope.buildingIds);
  if (query.building) q = q.where("t.building_id", "=", query.building);
  if (query.tenancy) q = q.where("m.tenancy_id", "=", query.tenancy);
  if (query.state === "revoked") q = q.where("m.revoked_at", "is not", null);
  if (query.state && query.state !== "revoked") q = q.where("m.revoked_at", "is", null);
  if (query.cursor) {
    const [at, id] = decodeCursor("sepa-mandates", query.cursor, 2) as [string, string];
    q = q.where((eb) =>
      eb.or([eb("m.created_at", "<", at), eb.and([eb("m.created_at", "=", at), eb("m.id", "<", id)])]),
    );
  }
  // The state between active and expired depends on today: filtered after reading.
  const wanted = query.state && query.state !== "revoked" ? query.state : null;
  const rows = await q
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = splitPage(rows, query.limit, "sepa-mandates", (r) => [r.created_at, r.id]);
  const items = page.rows.map((r) => toMandate(r, today)).filter((m) => !wanted || m.state === wanted);
  return { items, next_cursor: page.nextCursor };
}

export type MandateRefusal =
  | { error: "no_tenancy" }
  | { error: "no_creditor" }
  | { error: "fields"; fields: Record<string, string> }
  | { error: "active_exists"; reference: string };

export interface MandateInput {
  tenancyId: string;
  signedOn: string;
  debtorName: string;
  iban: string;
  bic?: string | null | undefined;
  replace?: boolean | undefined;
}

/** The next reference of a tenancy's mandates: its payment reference and a two-digit number. */
export async function nextMandateReference(db: Db, tenancyId: string): Promise<string> {
  const account = await ensureAccount(db, tenancyId);
  const count = await db
    .selectFrom("sepa_mandates")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenancy_id", "=", tenancyId)
    .executeTakeFirstOrThrow();
  return `${account.reference}-${String(Number(count.n) + 1).padStart(2, "0")}`;
}

/**
 * Records a signed mandate. With `replace` an active one of the tenancy is revoked ("ersetzt");
 * without, an active one is refused. The standing pre-notification is the rent as it is now: the
 * printed form announces it, so unchanged monthly rent needs no further notice.
 */
export async function createMandate(
  db: Db,
  input: MandateInput,
  actor: AuditActor,
  today = berlinToday(),
): Promise<SepaMandate | MandateRefusal> {
  const fields: Record<string, string> = {};
  const iban = checkedIban(input.iban);
  if (!iban) fields.iban = "Bitte eine gültige IBAN aus dem SEPA-Raum angeben (Prüfziffer oder Länge stimmt nicht).";
  const bic = checkedBic(input.bic);
  if (bic === "invalid") fields.bic = "Bitte einen gültigen BIC angeben (8 oder 11 Zeichen) oder das Feld leer lassen.";
  if (input.signedOn > today) fields.signed_on = "Das Datum der Unterschrift darf nicht in der Zukunft liegen.";
  if (input.signedOn < "2009-11-02")
    fields.signed_on = "Ein SEPA-Mandat kann nicht vor dem 2. November 2009 unterschrieben worden sein.";
  if (Object.keys(fields).length > 0) return { error: "fields", fields };
  return withTransaction(db, async (trx) => {
    let tenancyQuery = trx
      .selectFrom("tenancies")
      .select(["id", "building_id", "base_rent_cents", "utilities_cents"])
      .where("id", "=", input.tenancyId);
    // Two mandates for one tenancy at once (two staff sessions): the second waits for the first and
    // then finds its mandate (409), instead of failing on the unique index (SQLite writes one at a time).
    if (isPostgres(trx)) tenancyQuery = tenancyQuery.forUpdate();
    const tenancy = await tenancyQuery.executeTakeFirst();
    if (!tenancy) return { error: "no_tenancy" } as const;
    if (!(await findCreditorSettings(trx))) return { error: "no_creditor" } as const;
    const current = await trx
      .selectFrom("sepa_mandates")
      .select(["id", "reference"])
      .where("tenancy_id", "=", input.tenancyId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    const now = nowIso();
    if (current && !input.replace) return { error: "active_exists", reference: current.reference } as const;
    if (current) {
      await trx
        .updateTable("sepa_mandates")
        .set({ revoked_at: now, revoked_by: actor.staffId, revoke_reason: "Ersetzt durch ein neues Mandat." })
        .where("id", "=", current.id)
        .execute();
    }
    const id = randomUUID();
    const reference = await nextMandateReference(trx, input.tenancyId);
    await trx
      .insertInto("sepa_mandates")
      .values({
        id,
        tenancy_id: input.tenancyId,
        reference,
        signed_on: input.signedOn,
        debtor_name: input.debtorName,
        iban: iban!,
        bic: bic as string | null,
        standing_notice_cents: tenancy.base_rent_cents + tenancy.utilities_cents,
        last_collection_on: null,
        imported_last_collection_on: null,
        revoked_at: null,
        revoked_by: null,
        revoke_reason: null,
        created_by: actor.staffId,
        created_at: now,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "sepa.mandate_created",
      entityType: "tenancy",
      entityId: input.tenancyId,
      buildingId: tenancy.building_id,
      after: {
        reference,
        signed_on: input.signedOn,
        debtor_name: input.debtorName,
        iban_masked: maskIban(iban!),
        ...(current ? { replaced: current.reference } : {}),
      },
    });
    return (await findMandate(trx, id, today))!.mandate;
  });
}

/** Revokes an active mandate; "not_active" when it is revoked already. */
export async function revokeMandate(
  db: Db,
  id: string,
  reason: string | undefined,
  actor: AuditActor,
  today = berlinToday(),
): Promise<SepaMandate | "not_active"> {
  return withTransaction(db, async (trx) => {
    const res = await trx
      .updateTable("sepa_mandates")
      .set({ revoked_at: nowIso(), revoked_by: actor.staffId, revoke_reason: reason?.trim() || "Widerrufen." })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return "not_active";
    const found = (await findMandate(trx, id, today))!;
    await recordAudit(trx, actor, {
      action: "sepa.mandate_revoked",
      entityType: "tenancy",
      entityId: found.mandate.tenancy_id,
      buildingId: found.buildingId,
      after: { reference: found.mandate.reference, reason: found.mandate.revoke_reason },
    });
    return found.mandate;
  });
}

/**
 * Moves a mandate's last collection (a run made or cancelled): what FRST/RCUR and the expiry count
 * from. The latest run not cancelled, but never before the collection the previous system made
 * (imported mandates): cancelling their first run here leaves them RCUR with the same expiry.
 */
export async function setLastCollection(trx: Db, mandateIds: string[]): Promise<void> {
  for (let i = 0; i < mandateIds.length; i += 400) {
    const ids = mandateIds.slice(i, i + 400);
    await trx
      .updateTable("sepa_mandates")
      .set((eb) => ({
        last_collection_on: eb.fn.coalesce(
          eb
            .selectFrom("sepa_run_items as i")
            .innerJoin("sepa_runs as r", "r.id", "i.run_id")
            .select((e) => e.fn.max("r.collection_date").as("d"))
            .whereRef("i.mandate_id", "=", "sepa_mandates.id")
            .where("i.state", "!=", "cancelled")
            .where((e) =>
              e("r.collection_date", ">", e.fn.coalesce("sepa_mandates.imported_last_collection_on", sql.lit(""))),
            ),
          eb.ref("sepa_mandates.imported_last_collection_on"),
        ),
      }))
      .where("id", "in", ids)
      .execute();
  }
}

/**
 * Mandates carried over with a tenant import (issue 28): signed in the previous system and in use
 * there, so they keep their reference (derived when the sheet has none), count as collected last
 * month (the next collection is RCUR, the 36 months run from then) and announce the rent as it is.
 */
export async function recordImportedMandates(
  trx: Db,
  mandates: { tenancyId: string; iban: string; signedOn: string; reference: string | null; debtorName: string }[],
  actor: AuditActor,
  today = berlinToday(),
): Promise<void> {
  const now = nowIso();
  const lastCollection = addMonths(today, -1);
  for (const m of mandates) {
    const tenancy = await trx
      .selectFrom("tenancies")
      .select(["building_id", "base_rent_cents", "utilities_cents"])
      .where("id", "=", m.tenancyId)
      .executeTakeFirstOrThrow();
    const reference = m.reference ?? (await nextMandateReference(trx, m.tenancyId));
    await trx
      .insertInto("sepa_mandates")
      .values({
        id: randomUUID(),
        tenancy_id: m.tenancyId,
        reference,
        signed_on: m.signedOn,
        debtor_name: m.debtorName,
        iban: m.iban,
        bic: null,
        standing_notice_cents: tenancy.base_rent_cents + tenancy.utilities_cents,
        last_collection_on: lastCollection < m.signedOn ? null : lastCollection,
        imported_last_collection_on: lastCollection < m.signedOn ? null : lastCollection,
        revoked_at: null,
        revoked_by: null,
        revoke_reason: null,
        created_by: actor.staffId,
        created_at: now,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "sepa.mandate_created",
      entityType: "tenancy",
      entityId: m.tenancyId,
      buildingId: tenancy.building_id,
      after: { reference, signed_on: m.signedOn, debtor_name: m.debtorName, iban_masked: maskIban(m.iban) },
    });
  }
}
