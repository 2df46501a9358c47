import type { BrandConfig } from "@mieter-portal/contracts";
import { PDFDocument, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { LetterFonts, type TextOptions } from "./letter/fonts.js";
import { germanDateOf } from "./time.js";

/**
 * The printed invitation (issue 14 §1, issue 24 items 6 and 15, decision 029) for tenants without
 * an e-mail address: a German business letter per DIN 5008 form B (letterhead from the brand, the
 * return address and the tenant's address in the window of a DL envelope, fold marks, date,
 * subject) with the link as QR code, the link written out and a registration code to type. Names
 * in any script are drawn (lib/letter/fonts.ts). Many letters make one PDF, a page each.
 */

export interface InvitationLetter {
  tenantName: string;
  /** The tenancy's address ("Lindenstraße 5, 10969 Berlin"), and the unit. */
  address: string | null;
  unit: string | null;
  link: string;
  /** The registration code as printed, e.g. "K7Q2-X9M4". */
  code: string;
  expiresAt: string;
  /** YYYY-MM-DD, Berlin. */
  today: string;
}

export interface LetterSender {
  brand: BrandConfig;
  /** The portal's address, e.g. https://portal.example.de */
  portalUrl: string;
}

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
/** DIN 5008 form B, from the top and left edges of the page. */
const FORM_B = {
  left: 25 * MM,
  right: 20 * MM,
  field: { left: 20 * MM, top: 45 * MM, width: 85 * MM, height: 45 * MM, inset: 5 * MM },
  /** The first 17.7 mm of the address field: return address and notes; then 27.3 mm for the address. */
  noteZone: 17.7 * MM,
  info: { left: 125 * MM, top: 50 * MM, width: 75 * MM },
  subjectTop: 98.46 * MM,
  folds: [105 * MM, 210 * MM],
  hole: 148.5 * MM,
};
const INK: [number, number, number] = [0.1, 0.1, 0.1];
const GREY: [number, number, number] = [0.35, 0.35, 0.35];

const berlinTime = (iso: string) =>
  new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );
const berlinDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date(iso))
    .slice(0, 10);

/** "Lindenstraße 5, 10969 Berlin" → street and town on two lines (DIN 5008); otherwise as given. */
function addressLines(address: string): string[] {
  const parts = address
    .split(/,\s*(?=(?:D-)?\d{4,5}\s)/u)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts : [address.trim()];
}

/** "Gültig bis 27.12.2026, 15:04 Uhr" */
export const letterValidUntil = (expiresAt: string) =>
  `${germanDateOf(berlinDate(expiresAt))}, ${berlinTime(expiresAt)} Uhr`;

/** Where the tenant types the registration code. */
const registrationPage = (portalUrl: string) => `${portalUrl}/einladung`;

/** Every text of the letter that may need more than Noto Sans (names, addresses, the brand). */
function textsOf(sender: LetterSender, letter: InvitationLetter): string[] {
  const b = sender.brand;
  return [
    b.companyName,
    b.officeAddress,
    b.imprint.legalName,
    b.imprint.representative,
    b.imprint.register,
    b.imprint.vatId,
    letter.tenantName,
    letter.address ?? "",
    letter.unit ?? "",
  ];
}

export async function invitationLettersPdf(sender: LetterSender, letters: InvitationLetter[]): Promise<Uint8Array> {
  if (letters.length === 0) throw new Error("Keine Briefe");
  const pdf = await PDFDocument.create();
  pdf.setTitle(
    letters.length === 1
      ? `Einladung in das Mieter-Portal – ${letters[0]!.tenantName}`
      : `Einladungen in das Mieter-Portal – ${letters.length} Briefe`,
  );
  pdf.setAuthor(sender.brand.companyName);
  pdf.setLanguage("de-DE");
  const fonts = await LetterFonts.for(pdf);
  // The link and the code in a fixed-width font: l, I and 1 stay apart for someone typing them.
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const monoBold = await pdf.embedFont(StandardFonts.CourierBold);
  for (const letter of letters) {
    await fonts.prepare(textsOf(sender, letter));
    await fonts.prepare(textsOf(sender, letter), "bold");
    const page = pdf.addPage([A4.width, A4.height]);
    await drawLetter(page, fonts, { mono, monoBold }, sender, letter);
  }
  return pdf.save();
}

async function drawLetter(
  page: PDFPage,
  fonts: LetterFonts,
  fixed: {
    mono: Awaited<ReturnType<PDFDocument["embedFont"]>>;
    monoBold: Awaited<ReturnType<PDFDocument["embedFont"]>>;
  },
  sender: LetterSender,
  letter: InvitationLetter,
): Promise<void> {
  const brand = sender.brand;
  const fromTop = (mm: number) => A4.height - mm;
  const textRight = A4.width - FORM_B.right;
  const textWidth = textRight - FORM_B.left;
  const text = (line: string, x: number, y: number, options: TextOptions) =>
    fonts.draw(page, line, x, y, { color: INK, ...options });

  // Letterhead (the first 45 mm): the company on the left, its address on the right. A long name
  // gets smaller (down to 11 pt), then wraps, and never runs into the address.
  const contact = addressLines(brand.officeAddress);
  const contactOptions: TextOptions = { size: 8.5, color: GREY };
  contact.forEach((line, i) => {
    text(line, textRight - fonts.width(line, contactOptions), fromTop(16 * MM + i * 4 * MM), contactOptions);
  });
  const nameWidth = textWidth - Math.max(...contact.map((line) => fonts.width(line, contactOptions))) - 8 * MM;
  let nameSize = 16;
  while (nameSize > 11 && fonts.width(brand.companyName, { size: nameSize, style: "bold" }) > nameWidth)
    nameSize -= 0.5;
  const nameLines = fonts.wrap(brand.companyName, nameWidth, { size: nameSize, style: "bold" }).slice(0, 2);
  let headY = fromTop(20 * MM);
  for (const line of nameLines) {
    text(line, FORM_B.left, headY, { size: nameSize, style: "bold" });
    headY -= nameSize * 1.2;
  }
  if (brand.imprint.legalName !== brand.companyName) {
    text(brand.imprint.legalName, FORM_B.left, headY - 4, { size: 8.5, color: GREY });
  }

  // Fold marks (105 and 210 mm) and the hole mark (148.5 mm) on the left edge.
  for (const y of FORM_B.folds) {
    page.drawLine({ start: { x: 3 * MM, y: fromTop(y) }, end: { x: 8 * MM, y: fromTop(y) }, thickness: 0.4 });
  }
  page.drawLine({
    start: { x: 3 * MM, y: fromTop(FORM_B.hole) },
    end: { x: 10 * MM, y: fromTop(FORM_B.hole) },
    thickness: 0.4,
  });

  // The window: return address at the foot of the note zone, then the tenant's address.
  const field = FORM_B.field;
  const innerLeft = field.left + field.inset;
  const innerWidth = field.width - 2 * field.inset;
  const returnLine = [brand.companyName, ...addressLines(brand.officeAddress)].join(" · ");
  let returnSize = 7;
  while (returnSize > 6 && fonts.width(returnLine, { size: returnSize }) > innerWidth) returnSize -= 0.5;
  const returnLines = fonts.wrap(returnLine, innerWidth, { size: returnSize });
  const noteBottom = field.top + FORM_B.noteZone;
  returnLines.forEach((line, i) => {
    const y = fromTop(noteBottom - 1.5 * MM - (returnLines.length - 1 - i) * returnSize * 1.2);
    const width = text(line, innerLeft, y, { size: returnSize, color: GREY });
    page.drawLine({
      start: { x: innerLeft, y: y - 1.2 },
      end: { x: innerLeft + width, y: y - 1.2 },
      thickness: 0.3,
      color: rgb(...GREY),
    });
  });
  const addressLinesOfTenant = [
    letter.tenantName,
    ...(letter.unit ? [`Wohnung ${letter.unit}`] : []),
    ...(letter.address ? addressLines(letter.address) : []),
  ];
  let y = fromTop(noteBottom + 4.5 * MM);
  for (const line of addressLinesOfTenant) {
    for (const part of fonts.wrap(line, innerWidth, { size: 10 })) {
      text(part, innerLeft, y, { size: 10 });
      y -= 12;
    }
  }

  // Information block: whom to ask, and the date.
  const info: [string, string][] = [
    ["Telefon", brand.supportPhone],
    ["E-Mail", brand.supportEmail],
    ["Sprechzeiten", brand.supportHours],
    ["Datum", germanDateOf(letter.today)],
  ];
  info.forEach(([label, value], i) => {
    const row = fromTop(FORM_B.info.top + 3 * MM + i * 4.5 * MM);
    text(`${label}:`, FORM_B.info.left, row, { size: 8.5, color: GREY });
    text(value, FORM_B.info.left + 22 * MM, row, { size: 8.5 });
  });

  // Subject, salutation, text.
  y = fromTop(FORM_B.subjectTop + 3 * MM);
  text("Ihr Zugang zum Mieter-Portal", FORM_B.left, y, { size: 11, style: "bold" });
  y -= 2 * 11 * 1.45;
  const paragraph = (body: string, options: TextOptions & { after?: number } = { size: 10.5 }) => {
    for (const line of fonts.wrap(body, textWidth, options)) {
      text(line, FORM_B.left, y, options);
      y -= options.size * 1.45;
    }
    y -= options.after ?? options.size * 0.7;
  };
  paragraph(`Guten Tag ${letter.tenantName},`);
  paragraph(
    `${brand.companyName} lädt Sie in das Mieter-Portal ein. Dort sehen Sie Ihre Mietzahlungen und Dokumente, melden Reparaturen, vereinbaren Termine und schreiben uns Nachrichten – am Telefon, Tablet oder Computer.`,
  );
  paragraph(
    "So richten Sie Ihren Zugang ein: Scannen Sie den QR-Code mit der Kamera Ihres Telefons, geben Sie den Link ein oder öffnen Sie die Registrierungsseite und tippen Sie den Code ab. Dann geben Sie die E-Mail-Adresse an, mit der Sie sich künftig anmelden, und wählen ein Passwort.",
    { size: 10.5, after: 14 },
  );

  // QR code with link, code and validity beside it.
  const qrSize = 40 * MM;
  const png = await QRCode.toBuffer(letter.link, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 3 });
  const image = await page.doc.embedPng(png);
  page.drawImage(image, { x: FORM_B.left, y: y - qrSize, width: qrSize, height: qrSize });
  const besideX = FORM_B.left + qrSize + 8 * MM;
  const besideWidth = textRight - besideX;
  let by = y - 10;
  const line = (content: string, options: TextOptions) => {
    for (const part of fonts.wrap(content, besideWidth, options)) {
      text(part, besideX, by, options);
      by -= options.size * 1.4;
    }
  };
  line("Ihr Registrierungscode:", { size: 10 });
  page.drawText(letter.code, { x: besideX, y: by - 8, size: 20, font: fixed.monoBold, color: rgb(...INK) });
  by -= 30;
  line(`einzugeben unter ${registrationPage(sender.portalUrl)}`, { size: 9.5 });
  by -= 6;
  line("Oder Ihr persönlicher Link:", { size: 9.5 });
  const linkChars = Math.max(20, Math.floor(besideWidth / fixed.mono.widthOfTextAtSize("M", 8)));
  for (let i = 0; i < letter.link.length; i += linkChars) {
    page.drawText(letter.link.slice(i, i + linkChars), { x: besideX, y: by, size: 8, font: fixed.mono });
    by -= 8 * 1.35;
  }
  by -= 6;
  line(`Gültig bis ${letterValidUntil(letter.expiresAt)}, und nur einmal.`, { size: 10, style: "bold" });
  y = Math.min(y - qrSize, by) - 16;

  paragraph(
    "Ist der Code abgelaufen, geben wir Ihnen gern einen neuen. Sobald Sie Ihr Passwort festgelegt haben, gelten Link und Code nicht mehr; Sie brauchen diesen Brief dann nicht mehr. Bitte geben Sie ihn nicht weiter.",
    { size: 9.5, after: 12 },
  );
  paragraph("Mit freundlichen Grüßen", { size: 10.5, after: 4 });
  paragraph(`Ihr Team von ${brand.companyName}`);

  // Footer: who the company is.
  const footer = [brand.imprint.legalName, brand.imprint.representative, brand.imprint.register, brand.imprint.vatId]
    .filter(Boolean)
    .join(" · ");
  const footerLines = fonts.wrap(footer, textWidth, { size: 7 });
  footerLines.forEach((part, i) => {
    text(part, FORM_B.left, 12 * MM + (footerLines.length - 1 - i) * 9, { size: 7, color: GREY });
  });
}
