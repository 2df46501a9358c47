/**
 * A tiny generator of real single-page PDF 1.4 files (A4, Helvetica, WinAnsiEncoding) for the demo
 * documents: a title line and a few body lines. Written by hand so the seed needs no dependency;
 * every xref offset is the exact byte position of its object, so strict readers open the files.
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

/**
 * Text becomes Latin-1 bytes: for the characters German text uses (ä ö ü ß € is left out) the
 * WinAnsi and PDFDoc encodings agree with Latin-1. Anything outside it turns into "?".
 */
function latin1(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, (ch) => (ch === "€" ? "EUR" : "?"));
}

/** A PDF literal string: backslash, parentheses escaped. */
function pdfString(text: string): string {
  return `(${latin1(text).replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
}

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

function contentStream(content: PdfContent): string {
  const ops = ["BT", `/F2 18 Tf`, `${MARGIN} ${PAGE_HEIGHT - MARGIN - 18} Td`, `${pdfString(content.title)} Tj`];
  ops.push("/F1 11 Tf", "0 -34 Td", "15 TL");
  for (const line of content.lines ?? []) ops.push(`${pdfString(line)} '`);
  ops.push("ET");
  // A thin rule under the title.
  ops.push("0.6 w", `${MARGIN} ${PAGE_HEIGHT - MARGIN - 28} m ${PAGE_WIDTH - MARGIN} ${PAGE_HEIGHT - MARGIN - 28} l S`);
  return ops.join("\n");
}

/** Builds the PDF; the result starts with "%PDF-1.4" and ends with "%%EOF\n". */
export function createPdf(content: PdfContent): Buffer {
  const stream = contentStream(content);
  const info = [
    `/Title ${pdfString(content.title)}`,
    `/Producer (Mieter-Portal)`,
    ...(content.author ? [`/Author ${pdfString(content.author)}`] : []),
    `/CreationDate (${pdfDate(content.createdAt ?? new Date())})`,
  ].join(" ");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      "/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< ${info} >>`,
  ];

  // The binary comment line marks the file as binary for transfer tools (PDF 1.4, 7.5.2).
  let body = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, "latin1");
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n/f, CR LF.
  const entries = ["0000000000 65535 f\r\n", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n\r\n`)];
  body += `xref\n0 ${objects.length + 1}\n${entries.join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  body += `startxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
