import { type BrandConfig, GERMAN_MONTHS } from "@mieter-portal/contracts";
import { centsToEuros, germanDateOf } from "../../lib/time.js";
import type { MailContext } from "../notifications/notify.js";

/**
 * The ledger module's mail texts (German): pure functions of their data; the callers write them to
 * the outbox in the transaction of their change (decision 037).
 */

/** "11. Dezember 2026". */
const longGermanDate = (date: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day}. ${GERMAN_MONTHS[month - 1]} ${year}`;
};

/** "DE89 3704 0044 0532 0130 00": an IBAN in groups of four, as printed. */
const printedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");

const eur = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(centsToEuros(cents));

/** The payment reminder (decision 030): the overdue charges month by month, where to pay, by when. */
export function paymentReminderMail(
  ctx: MailContext,
  r: {
    tenant: { first_name: string; last_name: string };
    unit: string;
    charges: { description: string; due_date: string; amount_cents: number; paid_cents: number }[];
    total: number;
    reference: string;
    payBy: string;
    payTo: BrandConfig["bankAccount"];
  },
): { subject: string; body: string } {
  const { charges, total, payBy, payTo, unit } = r;
  const body = [
    `Guten Tag ${r.tenant.first_name} ${r.tenant.last_name},`,
    "",
    `nach unseren Unterlagen sind aus Ihrem Mietverhältnis (${unit}) folgende Beträge noch offen:`,
    "",
    ...charges.map(
      (c) =>
        `- ${c.description}, fällig am ${germanDateOf(c.due_date)}: ${eur(c.amount_cents - c.paid_cents)} offen${c.paid_cents > 0 ? ` (${eur(c.paid_cents)} bereits bezahlt)` : ""}`,
    ),
    "",
    `Offen insgesamt: ${eur(total)}`,
    "",
    ...(payTo
      ? [
          `Bitte überweisen Sie den Betrag bis zum ${longGermanDate(payBy)} auf unser Konto:`,
          "",
          `  Empfänger: ${payTo.recipient}`,
          `  IBAN: ${printedIban(payTo.iban)}`,
          ...(payTo.bic ? [`  BIC: ${payTo.bic}`] : []),
          `  Betrag: ${eur(total)}`,
          `  Verwendungszweck: ${r.reference}`,
          "",
          "Bitte geben Sie den Verwendungszweck genau so an: So ordnen wir Ihre Zahlung Ihrem Mietkonto zu.",
          `Schneller geht es mit dem GiroCode im Anhang (GiroCode.png): Ihre Banking-App liest ihn ein, Empfänger, IBAN, Betrag und Verwendungszweck sind dann schon ausgefüllt. Im Mieter-Portal unter Finanzen (${ctx.publicUrl}/finances) zeigt jeder offene Betrag seinen eigenen.`,
        ]
      : [
          `Bitte überweisen Sie den Betrag bis zum ${longGermanDate(payBy)} auf das Ihnen bekannte Mietkonto und geben Sie im Verwendungszweck Ihre Zahlungsreferenz ${r.reference} an.`,
        ]),
    "Falls Sie den Betrag in den letzten Tagen bereits bezahlt haben, betrachten Sie diese Erinnerung bitte als gegenstandslos.",
    "Bei Fragen antworten Sie uns gern über das Mieter-Portal.",
    "",
    `Ihre Zahlungen im Mieter-Portal: ${ctx.publicUrl}/finances`,
    "",
    `Ihr Team von ${ctx.company}`,
  ].join("\n");
  return { subject: `${ctx.company}: Zahlungserinnerung – offene Miete ${eur(total)}`, body };
}
