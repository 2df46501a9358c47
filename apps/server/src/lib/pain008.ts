import SEPA from "sepa";

/**
 * A SEPA Core direct debit file, pain.008.001.08 (the ISO 20022 2019 version the EPC rulebook and
 * the Deutsche Kreditwirtschaft's DFÜ-Abkommen Anlage 3 name since November 2023; decision 053),
 * written with the `sepa` library: one group header, one payment information block per sequence
 * type (a run has one collection date), single bookings (BtchBookg false) so that each tenant's
 * debit shows as its own line in the statement. Nothing here reads or writes the database.
 */

export const PAIN_008_VERSION = "pain.008.001.08";

export interface Pain008Creditor {
  name: string;
  iban: string;
  bic: string | null;
  creditorId: string;
}

export interface Pain008Transaction {
  endToEndId: string;
  amountCents: number;
  sequence: "FRST" | "RCUR";
  mandateReference: string;
  /** YYYY-MM-DD */
  mandateSignedOn: string;
  debtorName: string;
  iban: string;
  bic: string | null;
  remittance: string;
}

export interface Pain008Input {
  messageId: string;
  /** The run's creation instant (ISO). */
  createdAt: string;
  creditor: Pain008Creditor;
  /** YYYY-MM-DD, a TARGET business day. */
  collectionDate: string;
  transactions: Pain008Transaction[];
}

/**
 * The SEPA character set (EPC: Latin letters, digits and / - ? : ( ) . , ' + space), with German
 * umlauts and ß, which the DK's files carry; anything else loses its accents or becomes a space.
 */
export function sepaText(text: string, max: number): string {
  const allowed = /[A-Za-z0-9ÄÖÜäöüß/\-?:().,'+ ]/;
  const kept = [...text.normalize("NFC")]
    .map((c) => (allowed.test(c) ? c : c.normalize("NFD").replace(/[\u0300-\u036f]/g, "")))
    .join("")
    .replace(/[^A-Za-z0-9ÄÖÜäöüß/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return kept.slice(0, max);
}

/** A calendar day as a Date at local noon: the library formats dates in the process's time zone. */
const localDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};

export function pain008Xml(input: Pain008Input): string {
  const doc = new SEPA.Document(PAIN_008_VERSION);
  doc.grpHdr.id = input.messageId;
  doc.grpHdr.created = new Date(input.createdAt);
  doc.grpHdr.initiatorName = sepaText(input.creditor.name, 70);
  for (const sequence of ["FRST", "RCUR"] as const) {
    const transactions = input.transactions.filter((t) => t.sequence === sequence);
    if (transactions.length === 0) continue;
    const info = doc.createPaymentInfo();
    // The library prefixes the message id: PmtInfId "MP-20260303-K7Q2X9.FRST", InstrId "MP-….FRST.0".
    info.id = sequence;
    info.collectionDate = localDay(input.collectionDate);
    info.sequenceType = sequence;
    info.localInstrumentation = "CORE";
    info.batchBooking = false;
    info.creditorIBAN = input.creditor.iban;
    info.creditorBIC = input.creditor.bic ?? "";
    info.creditorName = sepaText(input.creditor.name, 70);
    info.creditorId = input.creditor.creditorId;
    doc.addPaymentInfo(info);
    for (const t of transactions) {
      const tx = info.createTransaction();
      tx.end2endId = t.endToEndId;
      tx.amount = t.amountCents / 100;
      tx.mandateId = t.mandateReference;
      tx.mandateSignatureDate = localDay(t.mandateSignedOn);
      tx.debtorName = sepaText(t.debtorName, 70);
      tx.debtorIBAN = t.iban;
      tx.debtorBIC = t.bic ?? "";
      tx.remittanceInfo = sepaText(t.remittance, 140);
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}
