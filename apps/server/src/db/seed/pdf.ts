import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";

/**
 * Single-page A4 PDFs for the demo documents, made with pdf-lib (Helvetica, WinAnsi): a bold title,
 * a thin rule under it and a few body lines. The file has a classic cross-reference table (no
 * object streams), so strict and old readers open it.
 */

export interface PdfContent {
  title: string;
  lines?: string[];
  /** Written to the document information dictionary. */
  author?: string;
  createdAt?: Date;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const TITLE_SIZE = 18;
const BODY_SIZE = 11;
const LEADING = 15;

/** Characters the standard font cannot encode (outside WinAnsi) become "?". */
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : "?")).join("");
}

/** Builds the PDF; the result starts with "%PDF-" and ends with "%%EOF". */
export async function createPdf(content: PdfContent): Promise<Buffer> {
  const createdAt = content.createdAt ?? new Date();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(content.title);
  doc.setProducer("Mieter-Portal");
  if (content.author) doc.setAuthor(content.author);
  doc.setCreationDate(createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const titleY = PAGE_HEIGHT - MARGIN - TITLE_SIZE;
  page.drawText(encodable(bold, content.title), { x: MARGIN, y: titleY, size: TITLE_SIZE, font: bold });
  page.drawLine({
    start: { x: MARGIN, y: PAGE_HEIGHT - MARGIN - 28 },
    end: { x: PAGE_WIDTH - MARGIN, y: PAGE_HEIGHT - MARGIN - 28 },
    thickness: 0.6,
    color: rgb(0, 0, 0),
  });
  (content.lines ?? []).forEach((line, i) => {
    // The first body line sits 34 pt under the title's baseline, then one line every 15 pt.
    const y = titleY - 34 - (i + 1) * LEADING;
    if (line !== "") page.drawText(encodable(regular, line), { x: MARGIN, y, size: BODY_SIZE, font: regular });
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
