import { PDFDocument, rgb } from "pdf-lib";
import { LetterFonts, type TextOptions } from "./letter/fonts.js";

/**
 * The printable SEPA-Lastschriftmandat (issue 28): the creditor with its Gläubiger-ID, the mandate
 * reference, the authorisation and the refund note in the wording the SEPA Core rulebook asks for
 * (the German banks' standard text), the agreed pre-notification period and the monthly amount (the
 * standing pre-notification), and the debtor's fields filled in or left blank to write on.
 */

export interface MandateForm {
  creditorName: string;
  creditorAddress: string;
  creditorId: string;
  reference: string;
  prenoticeDays: number;
  /** "850,00 €" or null when the rent is not known. */
  monthlyAmount: string | null;
  dueDay: number;
  tenantName: string;
  tenancyAddress: string;
  debtorName: string | null;
  iban: string | null;
  bic: string | null;
  signedOn: string | null;
}

const MM = 72 / 25.4;
const INK: [number, number, number] = [0.1, 0.1, 0.1];

export async function mandateFormPdf(form: MandateForm): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`SEPA-Lastschriftmandat ${form.reference}`);
  pdf.setLanguage("de-DE");
  const fonts = await LetterFonts.for(pdf);
  const page = pdf.addPage([210 * MM, 297 * MM]);
  const left = 25 * MM;
  const width = 160 * MM;
  let y = page.getHeight() - 25 * MM;
  const texts: string[] = [];
  const para = (text: string, options: TextOptions, gap = 2 * MM) => {
    texts.push(text);
    for (const line of fonts.wrap(text, width, options)) {
      fonts.draw(page, line, left, y, { color: INK, ...options });
      y -= options.size * 1.35;
    }
    y -= gap;
  };
  const field = (label: string, value: string | null) => {
    fonts.draw(page, label, left, y, { size: 9, color: [0.35, 0.35, 0.35] });
    if (value) fonts.draw(page, value, left + 45 * MM, y, { size: 11, color: INK });
    page.drawLine({
      start: { x: left + 44 * MM, y: y - 2 },
      end: { x: left + width, y: y - 2 },
      thickness: 0.5,
      color: rgb(0.5, 0.5, 0.5),
    });
    y -= 9 * MM;
  };
  await fonts.prepare(
    [form.creditorName, form.creditorAddress, form.tenantName, form.tenancyAddress, form.debtorName ?? ""],
    "regular",
  );
  await fonts.prepare(["SEPA-Lastschriftmandat"], "bold");

  para("SEPA-Lastschriftmandat", { size: 18, style: "bold" }, 4 * MM);
  para(`Zahlungsempfänger: ${form.creditorName}, ${form.creditorAddress}`, { size: 10 }, 1 * MM);
  para(`Gläubiger-Identifikationsnummer: ${form.creditorId}`, { size: 10 }, 1 * MM);
  para(`Mandatsreferenz: ${form.reference}`, { size: 10, style: "bold" }, 1 * MM);
  para(`Mietverhältnis: ${form.tenantName}, ${form.tenancyAddress}`, { size: 10 }, 1 * MM);
  para("Zahlungsart: wiederkehrende Zahlung", { size: 10 }, 5 * MM);
  para(
    `Ich ermächtige ${form.creditorName}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von ${form.creditorName} auf mein Konto gezogenen Lastschriften einzulösen.`,
    { size: 10.5 },
    3 * MM,
  );
  para(
    "Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.",
    { size: 10.5 },
    3 * MM,
  );
  para(
    `Vorabankündigung: ${form.monthlyAmount ? `Die Miete von ${form.monthlyAmount} wird monatlich zum ${form.dueDay}. eingezogen` : `Die Miete wird monatlich zum ${form.dueDay}. eingezogen`} (fällt der Tag nicht auf einen Bankarbeitstag, am nächsten Bankarbeitstag); diese Angabe gilt als Vorabankündigung, solange sich der Betrag nicht ändert. Jede andere Lastschrift kündigen wir mindestens ${form.prenoticeDays} Kalendertage vorher an; die Frist für die Vorabankündigung wird entsprechend verkürzt.`,
    { size: 9.5 },
    6 * MM,
  );
  field("Kontoinhaber (Name, Vorname)", form.debtorName);
  field("Straße und Hausnummer", null);
  field("Postleitzahl und Ort", null);
  field("IBAN", form.iban ? form.iban.replace(/(.{4})(?=.)/g, "$1 ") : null);
  field("BIC (kann entfallen)", form.bic);
  y -= 4 * MM;
  field("Ort, Datum", form.signedOn ? form.signedOn.split("-").reverse().join(".") : null);
  y -= 6 * MM;
  field("Unterschrift", null);
  return pdf.save();
}
