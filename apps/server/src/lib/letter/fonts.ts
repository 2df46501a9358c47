import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit, { type Font as FontkitFont } from "@pdf-lib/fontkit";
import {
  beginText,
  endText,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";

/**
 * Text in every script a tenant's name comes in (issue 24 item 15, decision 029): Noto Sans for
 * Latin, Greek and Cyrillic, Noto Sans Arabic and Noto Sans SC (Chinese; Japanese kanji and most
 * Korean hanja) as fallbacks chosen per character. Each face is embedded only when a letter uses
 * it, as a subset of the glyphs it draws. fontkit shapes Arabic (joining forms, right to left);
 * runs with mark glyphs (the dots of a final yeh) are placed glyph by glyph, because pdf-lib draws
 * advances only; each glyph maps back to its characters (ToUnicode), so copying and searching find
 * the name.
 */

const require = createRequire(import.meta.url);

type FontStyle = "regular" | "bold";
type Face = "regular" | "bold" | "arabic" | "cjk";

/** Where each face's file is (resolved when first used; literal paths, so knip sees the packages). */
const FILES: Record<Face, () => string> = {
  regular: () => require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  bold: () => require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
  arabic: () => require.resolve("@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf"),
  cjk: () => require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf"),
};

/** The font files, read once per process (the CJK face is 10 MB: only when a name needs it). */
const files = new Map<Face, { bytes: Uint8Array; font: FontkitFont }>();
function faceFile(face: Face) {
  let file = files.get(face);
  if (!file) {
    const bytes = readFileSync(FILES[face]());
    file = { bytes, font: evenGlyphFontkit.create(bytes) };
    files.set(face, file);
  }
  return file;
}

/**
 * Latin, Greek, Cyrillic and Chinese need no shaping: a glyph per character from the font's cmap.
 * fontkit's full layout (GSUB and GPOS on every call) costs ~7 ms a line, and pdf-lib lays out
 * every measured and drawn string again: a 200-letter PDF took minutes. pdf-lib draws advances
 * only, so nothing it shows changes.
 */
function glyphsByCodePoint(font: FontkitFont): FontkitFont["layout"] {
  return (text: string) => {
    const glyphs = [...text].map((char) => font.glyphForCodePoint(char.codePointAt(0)!));
    const positions = glyphs.map((glyph) => ({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    return { glyphs, positions } as unknown as ReturnType<FontkitFont["layout"]>;
  };
}

/**
 * fontkit 1.1's TrueType subset writes the glyphs unpadded and then picks the short `loca` format
 * (offsets halved) for a small subset: after a glyph of odd length (Noto's composite glyphs, e.g.
 * ş) every later glyph is read from the wrong place and drawn as nothing. Padding each glyph to an
 * even length is what the format asks for (OpenType `loca`); test/invitation-letters.test.ts
 * compares every embedded glyph with the original's outline.
 */
const evenGlyphFontkit: typeof fontkit = {
  ...fontkit,
  create(buffer: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(buffer, postscriptName);
    if (!(font.postscriptName ?? "").includes("Arabic")) font.layout = glyphsByCodePoint(font);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as unknown as {
        _addGlyph?: (gid: number) => number;
        glyf: Uint8Array[];
        offset: number;
      };
      const addGlyph = subset._addGlyph;
      if (typeof addGlyph === "function") {
        subset._addGlyph = function padded(this: typeof subset, gid: number) {
          const index = addGlyph.call(this, gid);
          const glyph = this.glyf[index]!;
          if (glyph.length % 2 === 1) {
            // The same class as fontkit's own buffers (its bundled Buffer): its stream takes no other.
            const even = new (glyph.constructor as new (length: number) => Uint8Array)(glyph.length + 1);
            even.set(glyph);
            even[glyph.length] = 0;
            this.glyf[index] = even;
            this.offset += 1;
          }
          return index;
        };
      }
      return subset as unknown as ReturnType<FontkitFont["createSubset"]>;
    };
    return font;
  },
};

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
/** Characters that belong to whatever run they stand in (spaces, punctuation, digits). */
const NEUTRAL = /[\s\p{P}\p{N}\p{S}]/u;

interface Run {
  face: Face;
  text: string;
}

export interface TextOptions {
  size: number;
  style?: FontStyle;
  color?: [number, number, number];
}

/**
 * Widths at size 1 by style and text, shared by every letter (the same paragraphs are measured for
 * each of 200 letters while wrapping); the faces and their metrics never change.
 */
const widths = new Map<string, number>();

/** The faces of one PDF document: embedded on first use, subset on save. */
export class LetterFonts {
  private readonly embedded = new Map<Face, PDFFont>();

  private constructor(private readonly pdf: PDFDocument) {}

  static async for(pdf: PDFDocument): Promise<LetterFonts> {
    pdf.registerFontkit(evenGlyphFontkit);
    const fonts = new LetterFonts(pdf);
    await fonts.embed("regular");
    return fonts;
  }

  private async embed(face: Face): Promise<PDFFont> {
    let font = this.embedded.get(face);
    if (!font) {
      font = await this.pdf.embedFont(faceFile(face).bytes, { subset: true });
      this.embedded.set(face, font);
    }
    return font;
  }

  /** The text split into runs of one face; characters no face has become "?". */
  private runs(text: string, style: FontStyle): Run[] {
    const order: Face[] = [style, "arabic", "cjk"];
    const runs: Run[] = [];
    for (const char of text.normalize("NFC")) {
      const cp = char.codePointAt(0)!;
      const last = runs.at(-1);
      // Punctuation after a right-to-left run belongs to the sentence around it, not to the run
      // (it would be drawn on the run's left); spaces inside it stay (one run per name).
      const joins = last && (last.face === "arabic" ? /\s/u.test(char) : NEUTRAL.test(char));
      if (last && joins && faceFile(last.face).font.hasGlyphForCodePoint(cp)) {
        last.text += char;
        continue;
      }
      const face = ARABIC.test(char) ? "arabic" : order.find((f) => faceFile(f).font.hasGlyphForCodePoint(cp));
      const drawn = face ?? style;
      const shown = face ? char : "?";
      if (last && last.face === drawn) last.text += shown;
      else runs.push({ face: drawn, text: shown });
    }
    // Spaces at the end of a right-to-left run belong to the text after it.
    for (let i = 0; i < runs.length - 1; i++) {
      const run = runs[i]!;
      const trailing = /\s+$/u.exec(run.text)?.[0];
      if (run.face === "arabic" && trailing && run.text.length > trailing.length) {
        run.text = run.text.slice(0, -trailing.length);
        runs[i + 1]!.text = trailing + runs[i + 1]!.text;
      }
    }
    return runs;
  }

  /** Embeds what the texts need; call before measuring or drawing them. */
  async prepare(texts: string[], style: FontStyle = "regular"): Promise<void> {
    await this.embed(style);
    for (const text of texts) for (const run of this.runs(text, style)) await this.embed(run.face);
  }

  private font(face: Face): PDFFont {
    const font = this.embedded.get(face);
    if (!font) throw new Error(`Schrift ${face} ist nicht eingebettet (prepare vergessen)`);
    return font;
  }

  width(text: string, options: TextOptions): number {
    const key = `${options.style ?? "regular"}\u0000${text}`;
    let unit = widths.get(key);
    if (unit === undefined) {
      unit = this.runs(text, options.style ?? "regular").reduce(
        (sum, run) => sum + this.font(run.face).widthOfTextAtSize(run.text, 1),
        0,
      );
      if (widths.size >= 20_000) widths.clear();
      widths.set(key, unit);
    }
    return unit * options.size;
  }

  /** Splits text into lines no wider than `width` (words; a word longer than a line is cut). */
  wrap(text: string, width: number, options: TextOptions): string[] {
    const lines: string[] = [];
    let line = "";
    const fits = (candidate: string) => this.width(candidate, options) <= width;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (!fits(rest)) {
        const chars = [...rest];
        let cut = chars.length;
        while (cut > 1 && !fits(chars.slice(0, cut).join(""))) cut--;
        lines.push(chars.slice(0, cut).join(""));
        rest = chars.slice(cut).join("");
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Draws one line from (x, y), each run in its face. Returns the width drawn. */
  draw(page: PDFPage, text: string, x: number, y: number, options: TextOptions): number {
    const color = options.color ?? [0.1, 0.1, 0.1];
    let pen = x;
    for (const run of this.runs(text, options.style ?? "regular")) {
      const font = this.font(run.face);
      if (!this.drawPlaced(page, font, run, pen, y, options.size, color)) {
        page.drawText(run.text, { x: pen, y, size: options.size, font, color: rgb(...color) });
      }
      pen += font.widthOfTextAtSize(run.text, options.size);
    }
    return pen - x;
  }

  /**
   * A run whose shaping moves glyphs off their advance (Arabic marks) drawn glyph by glyph at
   * fontkit's positions; false when the run has no such glyph (drawText draws it).
   */
  private drawPlaced(
    page: PDFPage,
    font: PDFFont,
    run: Run,
    x: number,
    y: number,
    size: number,
    color: [number, number, number],
  ): boolean {
    if (run.face !== "arabic") return false;
    const shaped = faceFile(run.face).font.layout(run.text);
    if (!shaped.positions.some((p) => p.xOffset !== 0 || p.yOffset !== 0)) return false;
    const ids = font.encodeText(run.text).asString();
    if (ids.length !== shaped.glyphs.length * 4) return false;
    const scale = size / faceFile(run.face).font.unitsPerEm;
    const key = page.node.newFontDictionary(font.name, font.ref);
    const operators = [pushGraphicsState(), beginText(), setFillingRgbColor(...color), setFontAndSize(key, size)];
    let pen = x;
    shaped.positions.forEach((position, i) => {
      operators.push(
        setTextMatrix(1, 0, 0, 1, pen + position.xOffset * scale, y + position.yOffset * scale),
        showText(PDFHexString.of(ids.slice(i * 4, i * 4 + 4))),
      );
      pen += position.xAdvance * scale;
    });
    operators.push(endText(), popGraphicsState());
    page.pushOperators(...operators);
    return true;
  }
}
