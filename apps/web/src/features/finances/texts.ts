import type { PaymentMethod } from "@mieter-portal/contracts";
import { PAYMENT_METHOD_LABELS } from "@mieter-portal/contracts/labels";

export const financeTexts = {
  heading: "Finanzen",
  loading: "Finanzdaten werden geladen...",
  loadError: "Die Finanzdaten konnten nicht geladen werden.",
  loadErrorHint: "Bitte versuchen Sie es später erneut oder wenden Sie sich an den Kundenservice.",
  retry: "Erneut versuchen",

  rentTitle: "Ihre Miete",
  rentTotal: "Gesamtmiete pro Monat",
  baseRent: "Kaltmiete",
  utilities: "Nebenkosten",
  total: "Gesamt",
  paymentMethod: "Zahlungsart",
  dueDay: "Fälligkeit",
  iban: (last4: string) => `Konto endet auf ${last4}`,

  historyTitle: "Zahlungsverlauf",
  yearLabel: "Jahr",
  historyEmpty: (year: number) => `Keine Zahlungen im Jahr ${year}`,
  due: "Fällig am",
  paidOn: "Bezahlt am",
  updating: "Wird aktualisiert...",

  invoicesTitle: "Offene Rechnungen",
  invoicesEmpty: "Keine offenen Rechnungen",
  invoicesEmptyHint: "Sie haben alle Rechnungen beglichen.",
  issuedOn: "Ausgestellt am",
  /** In the offline queue's lists and the offline no-data message (lib/changes, lib/reads). */
  resource: "Finanzen",
  paymentsResource: "Zahlungen",
} as const;

/** German name of a payment method; an unknown value is shown as it came. */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
}

/** 'am 3. des Monats'. */
export function dueDayText(day: number): string {
  return `am ${day}. des Monats`;
}

/** The dashboard's next-rent card. */
export const nextRentTexts = {
  nextPayment: "Nächste Mietzahlung",
  none: "Keine anstehende Zahlung",
  due: "Fällig am",
  details: "Zu den Finanzen",
  loadError: "Die Zahlungsdaten konnten nicht geladen werden.",
} as const;
