import type { Db } from "../../db/connection.js";
import { mandateFormPdf } from "../../lib/sepa-mandate-pdf.js";
import { centsToEuros } from "../../lib/time.js";
import { findCreditorSettings } from "./creditor.js";
import { nextMandateReference } from "./mandates.js";

const eur = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(centsToEuros(cents));

/**
 * The SEPA-Lastschriftmandat as PDF: of a recorded mandate (filled in), or blank for a tenancy with
 * the reference its next mandate gets. "no_creditor" until the creditor settings exist.
 */
export async function mandateFormFor(
  db: Db,
  of: { tenancyId: string; mandateId?: string },
  creditorAddress: string,
): Promise<{ bytes: Uint8Array; fileName: string } | "no_creditor"> {
  const creditor = await findCreditorSettings(db);
  if (!creditor) return "no_creditor";
  const tenancy = await db
    .selectFrom("tenancies as t")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .select([
      "t.address",
      "t.apartment_number",
      "t.base_rent_cents",
      "t.utilities_cents",
      "t.due_day",
      "p.first_name",
      "p.last_name",
    ])
    .where("t.id", "=", of.tenancyId)
    .executeTakeFirstOrThrow();
  const mandate = of.mandateId
    ? await db.selectFrom("sepa_mandates").selectAll().where("id", "=", of.mandateId).executeTakeFirstOrThrow()
    : null;
  const reference = mandate?.reference ?? (await nextMandateReference(db, of.tenancyId));
  const bytes = await mandateFormPdf({
    creditorName: creditor.name,
    creditorAddress,
    creditorId: creditor.creditorId,
    reference,
    prenoticeDays: creditor.prenoticeDays,
    monthlyAmount: eur(mandate?.standing_notice_cents ?? tenancy.base_rent_cents + tenancy.utilities_cents),
    dueDay: tenancy.due_day,
    tenantName: `${tenancy.first_name} ${tenancy.last_name}`.trim(),
    tenancyAddress: tenancy.apartment_number ? `${tenancy.address}, ${tenancy.apartment_number}` : tenancy.address,
    debtorName: mandate?.debtor_name ?? null,
    iban: mandate?.iban ?? null,
    bic: mandate?.bic ?? null,
    signedOn: mandate?.signed_on ?? null,
  });
  return { bytes, fileName: `SEPA-Lastschriftmandat-${reference}.pdf` };
}
