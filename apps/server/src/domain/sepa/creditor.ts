import { isValidCreditorId, maskIban } from "@mieter-portal/contracts";
import type { SepaCreditorSettings } from "@mieter-portal/contracts/staff";
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from "ibantools";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";

/**
 * The company as SEPA creditor (issue 28, decision 053): the only writer of sepa_creditor_settings,
 * one row. The Gläubiger-ID is checked by its MOD 97-10 check digits, the IBAN by `ibantools`
 * (country length and check digits, a SEPA country), the BIC by its form.
 */

const ROW_ID = "company";

export interface CreditorSettings {
  creditorId: string;
  name: string;
  iban: string;
  bic: string | null;
  leadDays: number;
  prenoticeDays: number;
}

export const SEPA_FIELD_ERRORS = {
  iban: "Bitte eine gültige IBAN aus dem SEPA-Raum angeben (Prüfziffer oder Länge stimmt nicht).",
  bic: "Bitte einen gültigen BIC angeben (8 oder 11 Zeichen) oder das Feld leer lassen.",
  creditorId:
    "Bitte eine gültige Gläubiger-Identifikationsnummer angeben (z. B. DE98ZZZ09999999999; die Prüfziffer stimmt nicht).",
} as const;

/** The IBAN in electronic form when ibantools takes it and its country is in SEPA, else null. */
export function checkedIban(value: string): string | null {
  const iban = electronicFormatIBAN(value) ?? "";
  return isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2)) ? iban : null;
}

export const checkedBic = (value: string | null | undefined): string | null | "invalid" =>
  !value ? null : isValidBIC(value) ? value : "invalid";

export async function findCreditorSettings(db: Db): Promise<CreditorSettings | null> {
  const row = await db.selectFrom("sepa_creditor_settings").selectAll().where("id", "=", ROW_ID).executeTakeFirst();
  return row
    ? {
        creditorId: row.creditor_id,
        name: row.name,
        iban: row.iban,
        bic: row.bic,
        leadDays: row.lead_days,
        prenoticeDays: row.prenotice_days,
      }
    : null;
}

export async function readCreditorSettings(db: Db): Promise<SepaCreditorSettings | null> {
  const row = await db
    .selectFrom("sepa_creditor_settings as c")
    .leftJoin("staff_users as s", "s.id", "c.updated_by")
    .select([
      "c.creditor_id",
      "c.name",
      "c.iban",
      "c.bic",
      "c.lead_days",
      "c.prenotice_days",
      "c.updated_at",
      "c.updated_by",
      "s.name as staff_name",
    ])
    .where("c.id", "=", ROW_ID)
    .executeTakeFirst();
  if (!row) return null;
  return {
    creditor_id: row.creditor_id,
    name: row.name,
    iban: row.iban,
    bic: row.bic,
    lead_days: row.lead_days,
    prenotice_days: row.prenotice_days,
    updated_at: row.updated_at,
    updated_by: row.updated_by ? { id: row.updated_by, name: row.staff_name ?? "ein ehemaliger Mitarbeiter" } : null,
  };
}

/** German messages per field when something does not pass; nothing stored then. */
export function creditorProblems(input: CreditorSettings): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isValidCreditorId(input.creditorId)) fields.creditor_id = SEPA_FIELD_ERRORS.creditorId;
  if (!checkedIban(input.iban)) fields.iban = SEPA_FIELD_ERRORS.iban;
  if (checkedBic(input.bic) === "invalid") fields.bic = SEPA_FIELD_ERRORS.bic;
  return fields;
}

/** Saves the settings (the caller checked creditorProblems); audited with the IBAN masked. */
export async function saveCreditorSettings(db: Db, input: CreditorSettings, actor: AuditActor): Promise<void> {
  await withTransaction(db, async (trx) => {
    const before = await findCreditorSettings(trx);
    const now = nowIso();
    const values = {
      creditor_id: input.creditorId,
      name: input.name,
      iban: checkedIban(input.iban) ?? input.iban,
      bic: input.bic ?? null,
      lead_days: input.leadDays,
      prenotice_days: input.prenoticeDays,
      updated_by: actor.staffId,
      updated_at: now,
    };
    await trx
      .insertInto("sepa_creditor_settings")
      .values({ id: ROW_ID, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    const shown = (s: CreditorSettings | null) =>
      s && {
        creditor_id: s.creditorId,
        name: s.name,
        iban_masked: maskIban(s.iban),
        bic: s.bic,
        lead_days: s.leadDays,
        prenotice_days: s.prenoticeDays,
      };
    await recordAudit(trx, actor, {
      action: "sepa.creditor_saved",
      entityType: "sepa_creditor",
      entityId: ROW_ID,
      before: shown(before) ?? undefined,
      after: shown(input),
    });
  });
}
