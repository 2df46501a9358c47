import { describe, expect, it } from "vitest";
import {
  contentDisposition,
  decodeDataUrl,
  detectDocumentType,
  detectPhotoType,
  sanitizeFilename,
  withTypeExtension,
} from "../src/lib/uploads.js";
import { fixture } from "./factories/documents.js";

describe("detectDocumentType decides by the bytes", () => {
  it.each([
    ["sample.pdf", "application/pdf"],
    ["sample.doc", "application/msword"],
    ["sample.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["sample.jpg", "image/jpeg"],
    ["sample.png", "image/png"],
  ])("accepts %s as %s", async (name, mime) => {
    expect((await detectDocumentType(fixture(name)))?.mime).toBe(mime);
  });

  it.each(["disguised-exe.pdf", "disguised-html.pdf", "sample.webp"])("refuses %s", async (name) => {
    expect(await detectDocumentType(fixture(name))).toBeUndefined();
  });

  it("refuses an OLE2 compound file that is not a Word document (e.g. an installer)", async () => {
    const doc = fixture("sample.doc");
    const other = Buffer.from(doc);
    const name = Buffer.from("WordDocument", "utf16le");
    other.set(Buffer.from("SummaryInfo\0", "utf16le").subarray(0, name.length), doc.indexOf(name));
    expect(await detectDocumentType(other)).toBeUndefined();
  });

  it("refuses a plain zip, a truncated zip and empty input", async () => {
    const docx = fixture("sample.docx");
    expect(await detectDocumentType(docx.subarray(0, 40))).toBeUndefined();
    expect(await detectDocumentType(Buffer.alloc(0))).toBeUndefined();
    expect(await detectDocumentType(Buffer.from("%PD"))).toBeUndefined();
  });
});

describe("detectPhotoType", () => {
  it.each([
    ["sample.jpg", "image/jpeg"],
    ["sample.png", "image/png"],
    ["sample.webp", "image/webp"],
  ])("accepts %s", async (name, mime) => {
    expect((await detectPhotoType(fixture(name)))?.mime).toBe(mime);
  });

  it.each(["sample.pdf", "sample.docx", "disguised-exe.pdf", "disguised-html.pdf"])("refuses %s", async (name) => {
    expect(await detectPhotoType(fixture(name))).toBeUndefined();
  });
});

describe("decodeDataUrl", () => {
  const png = fixture("sample.png");

  it("decodes base64 data URLs, also with line breaks and parameters", () => {
    const b64 = png.toString("base64");
    expect(decodeDataUrl(`data:image/png;base64,${b64}`)?.equals(png)).toBe(true);
    expect(decodeDataUrl(`data:image/png;name=a.png;base64,${b64.slice(0, 20)}\n${b64.slice(20)}`)?.equals(png)).toBe(
      true,
    );
  });

  it("refuses what is not a base64 data URL", () => {
    expect(decodeDataUrl("https://example.com/a.png")).toBeUndefined();
    expect(decodeDataUrl("data:image/png,rawtext")).toBeUndefined();
    expect(decodeDataUrl("data:image/png;base64,ab=c")).toBeUndefined();
    expect(decodeDataUrl("data:image/png;base64,abcde")).toBeUndefined();
    expect(decodeDataUrl("data:image/png;base64,ab$c")).toBeUndefined();
  });
});

describe("sanitizeFilename", () => {
  it("keeps ordinary German names", () => {
    expect(sanitizeFilename("Mietbescheinigung März 2025.pdf", "x")).toBe("Mietbescheinigung März 2025.pdf");
  });

  it("drops paths, control and direction characters, reserved characters and leading dots", () => {
    expect(sanitizeFilename("../../etc/passwd", "x")).toBe("passwd");
    expect(sanitizeFilename("C:\\Users\\erika\\scan.pdf", "x")).toBe("scan.pdf");
    expect(sanitizeFilename("rechnung\u202Efdp.exe", "x")).toBe("rechnungfdp.exe");
    expect(sanitizeFilename("a\u0000b\r\nc.pdf", "x")).toBe("abc.pdf");
    expect(sanitizeFilename('a<b>:"c|?*.pdf', "x")).toBe("a_b___c___.pdf");
    expect(sanitizeFilename("...versteckt.pdf", "x")).toBe("versteckt.pdf");
    expect(sanitizeFilename("  viel   Platz .pdf  ", "x")).toBe("viel Platz .pdf");
  });

  it("falls back for empty, missing or only-dots names", () => {
    expect(sanitizeFilename("", "Dokument")).toBe("Dokument");
    expect(sanitizeFilename(undefined, "Dokument")).toBe("Dokument");
    expect(sanitizeFilename(null, "Dokument")).toBe("Dokument");
    expect(sanitizeFilename("../..", "Dokument")).toBe("Dokument");
    expect(sanitizeFilename("\u202E\u200B", "Dokument")).toBe("Dokument");
  });

  it("shortens long names to 255 characters keeping the extension", () => {
    const long = `${"ä".repeat(400)}.docx`;
    const out = sanitizeFilename(long, "x");
    expect(Array.from(out)).toHaveLength(255);
    expect(out.endsWith("ä.docx")).toBe(true);
  });
});

describe("withTypeExtension", () => {
  it("keeps a matching extension and appends the real one otherwise", () => {
    expect(withTypeExtension("foto.JPEG", { mime: "image/jpeg" })).toBe("foto.JPEG");
    expect(withTypeExtension("foto.jpg", { mime: "image/png" })).toBe("foto.jpg.png");
    expect(withTypeExtension("Vertrag", { mime: "application/pdf" })).toBe("Vertrag.pdf");
    expect(withTypeExtension("virus.exe", { mime: "application/pdf" })).toBe("virus.exe.pdf");
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("attachment", "Übergabeprotokoll (Größe) 'neu'.pdf")).toBe(
      "attachment; filename=\"Uebergabeprotokoll (Groesse) 'neu'.pdf\"; " +
        "filename*=UTF-8''%C3%9Cbergabeprotokoll%20%28Gr%C3%B6%C3%9Fe%29%20%27neu%27.pdf",
    );
  });

  it("never lets quotes, backslashes or non-ASCII into the quoted fallback", () => {
    const header = contentDisposition("inline", 'a"b\\c%d€é.png');
    expect(header).toMatch(/^inline; filename="a_b_c_d_e\.png"; filename\*=UTF-8''/);
    expect(header).toContain("%E2%82%AC");
  });
});
