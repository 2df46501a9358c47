/**
 * CSV exports of German banks, read unchanged (decision 026): each layout is recognised by its
 * header (after any preamble); a header we do not know asks for a column mapping instead.
 */
export type Field =
  | "bookedOn"
  | "valueOn"
  | "amount"
  | "debit"
  | "credit"
  | "payerName"
  | "payeeName"
  | "payerIban"
  | "bankRef"
  | "endToEndId"
  | "currency"
  | "status"
  | "accountIban";
export interface Layout {
  id: string;
  label: string;
  /** Normalised header names (normalizeHeader) that must all be there; an array: one of them. */
  requires: (string | string[])[];
  /** Where each field is: the first of the names present. */
  fields: Partial<Record<Field, string[]>>;
  remittance: string[];
  /** Status values (normalised) of bookings the bank has not booked yet. */
  pendingStatus?: string[];
  /** ING: "Währung" twice, the amount's currency is the one right after "Betrag". */
  currencyAfterAmount?: boolean;
  /** The first cell of a closing line that is not a booking (Deutsche Bank "Kontostand"). */
  footer?: string;
}

/** Known layouts, most specific first; sources in docs/decisions/026-bank-statement-layouts.md. */
export const LAYOUTS: Layout[] = [
  {
    id: "sparkasse-camt",
    label: "Sparkasse (CSV-CAMT V2)",
    requires: [
      "auftragskonto",
      "buchungstag",
      "kundenreferenz (end-to-end)",
      "beguenstigter/zahlungspflichtiger",
      "kontonummer/iban",
      "betrag",
    ],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["valutadatum"],
      amount: ["betrag"],
      payerName: ["beguenstigter/zahlungspflichtiger"],
      payerIban: ["kontonummer/iban"],
      endToEndId: ["kundenreferenz (end-to-end)"],
      currency: ["waehrung"],
      status: ["info"],
      accountIban: ["auftragskonto"],
    },
    remittance: ["verwendungszweck"],
    pendingStatus: ["umsatz vorgemerkt"],
  },
  {
    id: "sparkasse-mt940",
    label: "Sparkasse (CSV-MT940)",
    requires: ["auftragskonto", "buchungstag", "beguenstigter/zahlungspflichtiger", "kontonummer", "blz", "betrag"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["valutadatum"],
      amount: ["betrag"],
      payerName: ["beguenstigter/zahlungspflichtiger"],
      payerIban: ["kontonummer"],
      currency: ["waehrung"],
      status: ["info"],
      accountIban: ["auftragskonto"],
    },
    remittance: ["verwendungszweck"],
    pendingStatus: ["umsatz vorgemerkt"],
  },
  {
    id: "dkb",
    label: "DKB (ab 2023)",
    requires: ["buchungsdatum", "status", "zahlungspflichtige*r", "zahlungsempfaenger*in", "betrag (€)"],
    fields: {
      bookedOn: ["buchungsdatum"],
      valueOn: ["wertstellung"],
      amount: ["betrag (€)"],
      payerName: ["zahlungspflichtige*r"],
      payeeName: ["zahlungsempfaenger*in"],
      payerIban: ["iban"],
      endToEndId: ["kundenreferenz"],
      status: ["status"],
    },
    remittance: ["verwendungszweck"],
    pendingStatus: ["vorgemerkt"],
  },
  {
    id: "dkb-legacy",
    label: "DKB (bis 2023)",
    requires: ["buchungstag", "wertstellung", "auftraggeber / beguenstigter", "kontonummer", "betrag (eur)"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["wertstellung"],
      amount: ["betrag (eur)"],
      payerName: ["auftraggeber / beguenstigter"],
      payerIban: ["kontonummer"],
      endToEndId: ["kundenreferenz"],
    },
    remittance: ["verwendungszweck"],
  },
  {
    id: "ing",
    label: "ING",
    requires: ["buchung", "auftraggeber/empfaenger", "verwendungszweck", "betrag"],
    fields: {
      bookedOn: ["buchung"],
      valueOn: ["valuta", "wertstellungsdatum"],
      amount: ["betrag"],
      payerName: ["auftraggeber/empfaenger"],
    },
    remittance: ["verwendungszweck"],
    currencyAfterAmount: true,
  },
  {
    id: "deutsche-bank",
    label: "Deutsche Bank",
    requires: ["buchungstag", "wert", "beguenstigter / auftraggeber", "soll", "haben"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["wert"],
      amount: ["betrag"],
      debit: ["soll"],
      credit: ["haben"],
      payerName: ["beguenstigter / auftraggeber"],
      payerIban: ["iban"],
      endToEndId: ["kundenreferenz"],
      currency: ["waehrung"],
    },
    remittance: ["verwendungszweck"],
    footer: "kontostand",
  },
  {
    id: "atruvia",
    label: "Volksbank / Raiffeisenbank (Atruvia)",
    requires: ["buchungstag", "name zahlungsbeteiligter", "iban zahlungsbeteiligter", "betrag"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["valutadatum"],
      amount: ["betrag"],
      payerName: ["name zahlungsbeteiligter"],
      payerIban: ["iban zahlungsbeteiligter"],
      currency: ["waehrung"],
      accountIban: ["iban auftragskonto"],
    },
    remittance: ["verwendungszweck"],
  },
  {
    id: "commerzbank",
    label: "Commerzbank",
    requires: ["buchungstag", "umsatzart", "buchungstext", "betrag", ["iban kontoinhaber", "iban auftraggeberkonto"]],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["wertstellung"],
      amount: ["betrag"],
      currency: ["waehrung"],
      accountIban: ["iban kontoinhaber", "iban auftraggeberkonto"],
    },
    remittance: ["buchungstext"],
  },
  {
    id: "documented",
    label: "CSV nach unserer Beschreibung",
    requires: [["buchungstag", "buchungsdatum"], "betrag", "verwendungszweck"],
    fields: {
      bookedOn: ["buchungstag", "buchungsdatum"],
      amount: ["betrag"],
      payerName: ["name", "auftraggeber", "zahlungspflichtige/r"],
      payerIban: ["iban"],
      bankRef: ["referenz", "bankreferenz"],
    },
    remittance: ["verwendungszweck"],
  },
];
