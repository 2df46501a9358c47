import { GERMAN_MONTHS, maskIban, returnReasonText } from "@mieter-portal/contracts";
import { centsToEuros, germanDateOf } from "../../lib/time.js";
import { type MailContext, tenantMailText } from "../notifications/notify.js";

/**
 * The direct debit's mail texts and messages (German), pure functions of their data; the writers
 * record them in the outbox or the conversation in their transaction (decision 037).
 */

const eur = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(centsToEuros(cents));

/** "11. Dezember 2026". */
export const longGermanDate = (date: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day}. ${GERMAN_MONTHS[month - 1]} ${year}`;
};

export const PRENOTICE_KIND = "sepa_prenotice";
export const RETURN_KIND = "sepa_return";

/** The pre-notification (SEPA rulebook): amount, date, mandate reference and creditor id. */
export function prenoticeMail(
  ctx: MailContext,
  tenant: { first_name: string; last_name: string },
  p: {
    description: string;
    amountCents: number;
    collectionDate: string;
    mandateReference: string;
    creditorId: string;
    creditorName: string;
    iban: string;
  },
): { subject: string; body: string } {
  const lines = [
    `wir ziehen ${eur(p.amountCents)} (${p.description}) am ${longGermanDate(p.collectionDate)} per SEPA-Lastschrift von Ihrem Konto ${maskIban(p.iban)} ein.`,
    "",
    `Zahlungsempfänger: ${p.creditorName}`,
    `Gläubiger-Identifikationsnummer: ${p.creditorId}`,
    `Mandatsreferenz: ${p.mandateReference}`,
    "",
    "Bitte sorgen Sie bis zu diesem Tag für ausreichende Deckung. Sie müssen nichts überweisen.",
  ];
  return {
    subject: `${ctx.company}: Ankündigung der Lastschrift – ${eur(p.amountCents)} am ${germanDateOf(p.collectionDate)}`,
    body: tenantMailText(ctx, tenant, { lines, path: "/finances" }),
  };
}

/** The conversation a returned direct debit opens with the tenant (their Nachrichten, mailed as a reply). */
export function returnMessage(r: {
  description: string;
  amountCents: number;
  reasonCode: string | null;
  reference: string;
  payTo: { recipient: string; iban: string } | null;
}): { subject: string; content: string } {
  return {
    subject: `Lastschrift zurückgegeben: ${r.description}`,
    content: [
      `Ihre Bank hat unsere Lastschrift über ${eur(r.amountCents)} für „${r.description}“ zurückgegeben (Grund laut Bank: ${returnReasonText(r.reasonCode)}).`,
      "Der Betrag ist damit wieder offen.",
      r.payTo
        ? `Bitte überweisen Sie ihn an ${r.payTo.recipient}, IBAN ${r.payTo.iban.replace(/(.{4})(?=.)/g, "$1 ")}, Verwendungszweck ${r.reference}. Unter Finanzen im Mieter-Portal finden Sie dafür einen GiroCode, den Ihre Banking-App einlesen kann.`
        : `Bitte überweisen Sie ihn mit dem Verwendungszweck ${r.reference}. Unter Finanzen im Mieter-Portal finden Sie dafür einen GiroCode, den Ihre Banking-App einlesen kann.`,
      "Hat sich Ihre Bankverbindung geändert, schreiben Sie uns bitte hier; für ein neues Konto brauchen wir ein neu unterschriebenes SEPA-Lastschriftmandat.",
    ].join("\n\n"),
  };
}

/** What the tenant is told about changing the account or ending the direct debit. */
export const HOW_TO_CHANGE =
  "Für eine neue Bankverbindung brauchen wir ein neues, unterschriebenes SEPA-Lastschriftmandat. Schicken Sie uns dazu eine Nachricht („Konto ändern“): Wir senden Ihnen das Formular mit Ihrer Mandatsreferenz, Sie unterschreiben es und geben es uns zurück. Bis das neue Mandat vorliegt, ziehen wir weiter vom bisherigen Konto ein. Sie können das Mandat jederzeit widerrufen; die Miete überweisen Sie dann selbst.";

export const changeRequestMessage = (note: string | undefined, mandateReference: string | null) => ({
  subject: "Lastschrift: neue Bankverbindung",
  content: [
    `Ich möchte die Miete künftig von einem anderen Konto abbuchen lassen${mandateReference ? ` (bisheriges Mandat ${mandateReference})` : ""}. Bitte senden Sie mir ein neues SEPA-Lastschriftmandat zum Unterschreiben.`,
    ...(note ? ["", note] : []),
  ].join("\n"),
});
