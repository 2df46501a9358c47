import { SEPA_ITEM_STATE_LABELS } from "@mieter-portal/contracts";

/**
 * The Finanzen screen's texts of rent by SEPA direct debit (issue 28): the mandate, the change of
 * account, a charge's direct debit and the GiroCode of an overdue charge. A file of their own, so the
 * dashboard (which shares texts.ts) does not carry them.
 */
export const directDebitTexts = {
  resource: "Lastschriftmandat",
  giroCodeResource: "GiroCode",

  mandateTitle: "Lastschriftmandat",
  mandateLoading: "Lastschriftmandat wird geladen...",
  mandateLoadError: "Das Lastschriftmandat konnte nicht geladen werden.",
  noMandate: "Für Ihr Mietverhältnis liegt uns noch kein SEPA-Lastschriftmandat vor.",
  creditor: "Zahlungsempfänger",
  creditorId: "Gläubiger-ID",
  reference: "Mandatsreferenz",
  account: "Konto",
  debtor: "Kontoinhaber",
  signedOn: "Erteilt am",
  state: "Status",

  changeTitle: "So ändern Sie Ihre Bankverbindung",
  changeNote: "Nachricht an die Hausverwaltung (optional)",
  changeNotePlaceholder: "z. B. Ab Januar zahle ich von meinem neuen Konto.",
  changeButton: "Neue Bankverbindung anfragen",
  changeSending: "Wird gesendet...",
  changeRequested: (date: string) =>
    `Ihre Anfrage vom ${date} liegt der Hausverwaltung vor. Sie erhalten ein neues Mandat zum Unterschreiben.`,
  changeQueued: "Ihre Anfrage wartet auf Synchronisierung und wird gesendet, sobald Sie wieder online sind.",
  changeFailed: "Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es erneut.",
  changeQueueLabel: "Neue Bankverbindung anfragen",
  changeSuccessTitle: "Anfrage gesendet",
  changeSuccessDescription: "Die Hausverwaltung meldet sich unter Nachrichten.",
  changeErrorTitle: "Nicht gesendet",

  /** A charge's direct debit in the payment history. */
  submitted: SEPA_ITEM_STATE_LABELS.submitted,
  collectionOn: (date: string) => `Einzug am ${date}`,
  returned: (date: string, reason: string | null) =>
    `Die Lastschrift vom ${date} wurde zurückgegeben${reason ? ` (${reason})` : ""}. Bitte überweisen Sie den Betrag.`,

  overdueTitle: "Überfällig",
  overdueTotal: "Offen seit dem Fälligkeitstag",
  overdueDue: (date: string) => `fällig am ${date}`,
  overdueHint: "Bitte überweisen Sie den Betrag – am schnellsten mit dem GiroCode in Ihrer Banking-App.",

  giroCodeShow: "Mit GiroCode bezahlen",
  giroCodeHide: "GiroCode ausblenden",
  giroCodeLoading: "GiroCode wird geladen...",
  giroCodeError: "Der GiroCode konnte nicht geladen werden.",
  giroCodeScan: "Mit Banking-App scannen",
  giroCodeAlt: (amount: string, recipient: string) => `GiroCode: ${amount} an ${recipient}`,
  giroCodeManual: "Oder die Angaben in die Überweisung übernehmen:",
  recipient: "Empfänger",
  iban: "IBAN",
  bic: "BIC",
  amount: "Betrag",
  purpose: "Verwendungszweck",
  copy: "Kopieren",
  copyLabel: (what: string) => `${what} kopieren`,
  copied: (what: string) => `${what} kopiert`,
  copyFailed: "Kopieren nicht möglich. Bitte markieren Sie den Text.",
} as const;
