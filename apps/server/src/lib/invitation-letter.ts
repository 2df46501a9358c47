import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { germanDateOf } from "./time.js";

/**
 * The printed invitation (issue 14 §1) for tenants without an e-mail address: an A4 letter in
 * German with the link written out and as a QR code. Helvetica's WinAnsi encoding covers the
 * German letters (ä, ö, ü, ß, €); nothing else is drawn.
 */

export interface InvitationLetter {
  company: string;
  companyAddress?: string;
  tenantName: string;
  /** Street address of the tenancy, and the unit. */
  address: string | null;
  unit: string | null;
  link: string;
  expiresAt: string;
  /** YYYY-MM-DD, Berlin. */
  today: string;
  portalUrl: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 64;

/** Splits text into lines no wider than `width` (words; a word longer than a line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

const berlinTime = (iso: string) =>
  new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );
const berlinDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date(iso))
    .slice(0, 10);

export async function invitationLetterPdf(letter: InvitationLetter): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Einladung in das Mieter-Portal – ${letter.tenantName}`);
  pdf.setAuthor(letter.company);
  pdf.setLanguage("de-DE");
  const page = pdf.addPage([A4.width, A4.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // The link in a fixed-width font: l, I and 1 stay apart for someone typing it.
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const textWidth = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;

  const write = (text: string, options: { size?: number; font?: PDFFont; gap?: number } = {}) => {
    const size = options.size ?? 11;
    const font = options.font ?? regular;
    for (const line of wrap(text, font, size, textWidth)) {
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.4;
    }
    y -= options.gap ?? 0;
  };

  write(letter.company, { size: 10, font: bold });
  if (letter.companyAddress) write(letter.companyAddress, { size: 9 });
  y -= 28;
  write(letter.tenantName);
  if (letter.address) write(letter.address);
  if (letter.unit) write(`Wohnung ${letter.unit}`);
  y -= 24;
  const dateLine = germanDateOf(letter.today);
  page.drawText(dateLine, {
    x: A4.width - MARGIN - regular.widthOfTextAtSize(dateLine, 11),
    y,
    size: 11,
    font: regular,
  });
  y -= 30;
  write("Ihre Einladung in das Mieter-Portal", { size: 16, font: bold, gap: 10 });
  write(`Guten Tag ${letter.tenantName},`, { gap: 8 });
  write(
    `${letter.company} lädt Sie in das Mieter-Portal ein. Dort sehen Sie Ihre Mietzahlungen und Dokumente, melden Reparaturen, vereinbaren Termine und schreiben uns Nachrichten – am Telefon, Tablet oder Computer.`,
    { gap: 8 },
  );
  write("So richten Sie Ihren Zugang ein:", { font: bold, gap: 4 });
  write("1. Scannen Sie den QR-Code mit der Kamera Ihres Telefons oder geben Sie den Link unten ein.");
  write(
    "2. Geben Sie die E-Mail-Adresse an, mit der Sie sich künftig anmelden möchten (falls gefragt), und wählen Sie ein Passwort.",
  );
  write(`3. Danach melden Sie sich jederzeit unter ${letter.portalUrl} an.`, { gap: 12 });

  const qrSize = 170;
  const png = await QRCode.toBuffer(letter.link, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 8 });
  const image = await pdf.embedPng(png);
  page.drawImage(image, { x: MARGIN, y: y - qrSize, width: qrSize, height: qrSize });
  const besideX = MARGIN + qrSize + 20;
  const besideWidth = A4.width - MARGIN - besideX;
  let besideY = y - 14;
  const besideLines: { text: string; font: PDFFont; size?: number }[] = [
    { text: "Ihr persönlicher Link:", font: bold },
    ...wrap(letter.link, mono, 9, besideWidth).map((text) => ({ text, font: mono, size: 9 })),
    { text: "", font: regular },
    {
      text: `Gültig bis ${germanDateOf(berlinDate(letter.expiresAt))}, ${berlinTime(letter.expiresAt)} Uhr, und nur einmal.`,
      font: bold,
    },
  ];
  for (const line of besideLines) {
    for (const part of line.text ? wrap(line.text, line.font, line.size ?? 11, besideWidth) : [""]) {
      page.drawText(part, { x: besideX, y: besideY, size: line.size ?? 11, font: line.font });
      besideY -= (line.size ?? 11) * 1.4;
    }
  }
  y -= qrSize + 24;
  write(
    "Ist der Link abgelaufen, geben wir Ihnen gern einen neuen. Sobald Sie Ihr Passwort festgelegt haben, ist der Link verbraucht; Sie brauchen diesen Brief dann nicht mehr.",
    { size: 10, gap: 12 },
  );
  write("Mit freundlichen Grüßen", { gap: 4 });
  write(`Ihr Team von ${letter.company}`);
  return pdf.save();
}
