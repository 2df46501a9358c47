import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { LetterFonts, type TextOptions } from "../../lib/letter/fonts.js";

/**
 * The page layout of the proof documents (decision 049): A4 landscape, a title block on the first
 * page, the building and period in each page's head, tables whose header repeats on every page,
 * and "Seite n von m" with the company and the date made in each page's foot. Text in any script
 * (crew names, addresses) through the invitation letters' fonts.
 */

const MM = 72 / 25.4;
const PAGE = { width: 297 * MM, height: 210 * MM };
const MARGIN = { left: 14 * MM, right: 14 * MM, top: 14 * MM, bottom: 16 * MM };
const INK: [number, number, number] = [0.1, 0.1, 0.1];
const GREY: [number, number, number] = [0.38, 0.38, 0.38];
const RULE = rgb(0.75, 0.75, 0.75);
const SHADE = rgb(0.94, 0.94, 0.94);

export interface Column {
  label: string;
  /** Width in mm; the last column of a table takes what is left when 0. */
  width: number;
  align?: "left" | "right";
  /** Every line in ink (notes), instead of the lines after the first part in grey. */
  plain?: boolean;
}

export interface DocumentHead {
  title: string;
  /** Lines under the title on the first page (building, address, period …). */
  facts: [string, string][];
  /** One line in every later page's head, e.g. "Leistungsnachweis · Lindenstraße 5 · 01.01.–31.12.2026". */
  running: string;
  company: string;
  /** "28.11.2026, 12:40 Uhr" */
  madeAt: string;
}

export class ProofDocument {
  private page!: PDFPage;
  private y = 0;
  private readonly pages: PDFPage[] = [];

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: LetterFonts,
    private readonly head: DocumentHead,
  ) {}

  /** A new document with its first page. */
  static async create(head: DocumentHead): Promise<ProofDocument> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(`${head.title} – ${head.running}`);
    pdf.setAuthor(head.company);
    pdf.setLanguage("de-DE");
    const fonts = await LetterFonts.for(pdf);
    const all = [...head.facts.flat(), head.running, head.company];
    await fonts.prepare(all);
    await fonts.prepare(all, "bold");
    const doc = new ProofDocument(pdf, fonts, head);
    doc.newPage(true);
    return doc;
  }

  get contentWidth(): number {
    return PAGE.width - MARGIN.left - MARGIN.right;
  }

  private text(line: string, x: number, y: number, options: TextOptions): number {
    return this.fonts.draw(this.page, line, x, y, { color: INK, ...options });
  }

  private newPage(first = false): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
    if (first) {
      this.y -= 16;
      this.text(this.head.title, MARGIN.left, this.y, { size: 16, style: "bold" });
      this.y -= 8;
      for (const [label, value] of this.head.facts) {
        this.y -= 13;
        this.text(`${label}:`, MARGIN.left, this.y, { size: 9.5, color: GREY });
        for (const [i, line] of this.fonts.wrap(value, this.contentWidth - 40 * MM, { size: 9.5 }).entries()) {
          if (i > 0) this.y -= 12;
          this.text(line, MARGIN.left + 40 * MM, this.y, { size: 9.5 });
        }
      }
      this.y -= 14;
    } else {
      this.y -= 8;
      this.text(this.head.running, MARGIN.left, this.y, { size: 8.5, color: GREY });
      this.y -= 12;
    }
  }

  private ensure(height: number): boolean {
    if (this.y - height >= MARGIN.bottom) return false;
    this.newPage();
    return true;
  }

  async heading(text: string): Promise<void> {
    await this.fonts.prepare([text], "bold");
    this.ensure(40);
    this.y -= 10;
    this.text(text, MARGIN.left, this.y, { size: 11.5, style: "bold" });
    this.y -= 8;
  }

  async paragraph(text: string, options: TextOptions = { size: 8.5 }): Promise<void> {
    await this.fonts.prepare([text], options.style);
    const lines = this.fonts.wrap(text, this.contentWidth, options);
    for (const line of lines) {
      this.ensure(options.size * 1.4);
      this.y -= options.size * 1.35;
      this.text(line, MARGIN.left, this.y, options);
    }
    this.y -= options.size * 0.6;
  }

  /** A table; a cell may hold several lines ("\n") and wraps within its column. */
  async table(
    columns: Column[],
    rows: string[][],
    options: { size?: number; shade?: (row: number) => boolean } = {},
  ): Promise<void> {
    // Crew names and remarks may be in any script: embed the faces they need first.
    await this.fonts.prepare(rows.flat());
    await this.fonts.prepare(
      columns.map((c) => c.label),
      "bold",
    );
    const size = options.size ?? 8;
    const lineHeight = size * 1.3;
    const pad = 1.6 * MM;
    const fixed = columns.reduce((sum, c) => sum + c.width * MM, 0);
    const widths = columns.map((c) => (c.width === 0 ? this.contentWidth - fixed : c.width * MM));
    // Each cell's lines; the lines of a second or later part ("\n") are grey (server times, teams, windows).
    const layout = (cells: string[], style: "regular" | "bold") =>
      cells.map((cell, i) =>
        cell.split("\n").flatMap((part, n) =>
          (part ? this.fonts.wrap(part, widths[i]! - 2 * pad, { size, style }) : [""]).map((text) => ({
            text,
            grey: n > 0 && style === "regular" && !columns[i]!.plain,
          })),
        ),
      );
    const header = layout(
      columns.map((c) => c.label),
      "bold",
    );
    const heightOf = (cells: { text: string }[][]) => Math.max(1, ...cells.map((c) => c.length)) * lineHeight + 2 * pad;
    const draw = (cells: { text: string; grey: boolean }[][], style: "regular" | "bold", shaded: boolean) => {
      const height = heightOf(cells);
      if (shaded) {
        this.page.drawRectangle({ x: MARGIN.left, y: this.y - height, width: this.contentWidth, height, color: SHADE });
      }
      let x = MARGIN.left;
      cells.forEach((lines, i) => {
        lines.forEach(({ text, grey }, n) => {
          const baseline = this.y - pad - size - n * lineHeight + 1;
          const left =
            columns[i]!.align === "right" ? x + widths[i]! - pad - this.fonts.width(text, { size, style }) : x + pad;
          this.text(text, left, baseline, { size, style, color: grey ? GREY : INK });
        });
        x += widths[i]!;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN.left, y: this.y },
        end: { x: MARGIN.left + this.contentWidth, y: this.y },
        thickness: style === "bold" ? 0.8 : 0.3,
        color: RULE,
      });
    };
    this.ensure(heightOf(header) + lineHeight * 2 + 2 * pad);
    draw(header, "bold", false);
    rows.forEach((row, index) => {
      const cells = layout(row, "regular");
      if (this.ensure(heightOf(cells))) draw(header, "bold", false);
      draw(cells, "regular", options.shade?.(index) ?? false);
    });
    this.y -= 6;
  }

  /** Page numbers and the foot on every page; the PDF's bytes. */
  async save(): Promise<Uint8Array> {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      this.page = page;
      const foot = `${this.head.company} · erstellt am ${this.head.madeAt}`;
      this.text(foot, MARGIN.left, 8 * MM, { size: 7.5, color: GREY });
      const number = `Seite ${i + 1} von ${total}`;
      this.text(number, PAGE.width - MARGIN.right - this.fonts.width(number, { size: 7.5 }), 8 * MM, {
        size: 7.5,
        color: GREY,
      });
    });
    return this.pdf.save();
  }
}

/** "28.11.2026, 12:40 Uhr" (Berlin) */
export const madeAtText = (at: Date) =>
  `${new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" }).format(at)}, ${new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(at)} Uhr`;
