import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import CFB from "cfb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentDisposition,
  DOCUMENT_TYPE_NOT_ALLOWED,
  decodeDataUrl,
  detectDocumentType,
  detectPhotoType,
  sanitizeFilename,
  withTypeExtension,
} from "../src/lib/uploads.js";
import {
  DOCX_MAX_ENTRIES,
  DOCX_MAX_INFLATED_BYTES,
  DOCX_MAX_RATIO,
  DOCX_RATIO_FREE_BYTES,
} from "../src/lib/word-files.js";
import { fixture, multipart, storedFiles } from "./factories/documents.js";
import { api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

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

const MiB = 1024 * 1024;
const DOC_MIME = "application/msword";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

// ---- .doc fixtures: compound files written by the `cfb` package (an independent writer) ----

/** A compound file holding the given streams ("/Storage/Stream" paths make storages). */
function compoundFile(streams: Record<string, Buffer>): Buffer {
  const cfb = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(cfb, path, content);
  return CFB.write(cfb, { type: "buffer" }) as Buffer;
}

/** A WordDocument stream: a Word 97 FIB (wIdent 0xA5EC) followed by zeros. */
function wordStream(size: number): Buffer {
  const stream = Buffer.alloc(size);
  stream.writeUInt16LE(0xa5ec, 0);
  return stream;
}

// sample.doc: header, sector 0 = FAT, sector 1 = directory, sectors 2–9 = WordDocument (see generate.mjs).
const FAT = 512;
const DIR = 1024;
const WORD_ENTRY = DIR + 128;
const sectorAt = (sector: number) => (sector + 1) * 512;

/** sample.doc edited in place. */
function editedDoc(edit: (doc: Buffer) => void): Buffer {
  const doc = Buffer.from(fixture("sample.doc"));
  edit(doc);
  return doc;
}

describe("detectDocumentType checks a .doc by its structure", () => {
  it.each([
    ["in regular sectors", 8192],
    ["in the mini stream", 1024],
  ])("accepts a Word document written by another implementation (WordDocument stream %s)", async (_label, size) => {
    const doc = compoundFile({ "/WordDocument": wordStream(size), "/1Table": Buffer.alloc(600) });
    expect(await detectDocumentType(doc)).toEqual({ mime: DOC_MIME, ext: "doc" });
  });

  it("accepts a fragmented stream whose sector chain runs backwards", async () => {
    const doc = editedDoc((d) => {
      for (let s = 3; s <= 9; s++) d.writeUInt32LE(s - 1, FAT + s * 4);
      d.writeUInt32LE(0xfffffffe, FAT + 2 * 4);
      d.writeUInt32LE(9, WORD_ENTRY + 116);
      d.writeUInt16LE(0, sectorAt(2));
      d.writeUInt16LE(0xa5ec, sectorAt(9));
    });
    expect((await detectDocumentType(doc))?.mime).toBe(DOC_MIME);
  });

  it("refuses an OLE2 header followed by the bytes of “WordDocument” (a fake)", async () => {
    const fake = Buffer.concat([
      fixture("sample.doc").subarray(0, 512),
      Buffer.from("WordDocument", "utf16le"),
      Buffer.alloc(1000),
    ]);
    expect(await detectDocumentType(fake)).toBeUndefined();
  });

  it.each([
    [
      "a spreadsheet (Workbook stream only)",
      { "/Workbook": Buffer.alloc(5000), "/\u0005SummaryInformation": Buffer.alloc(200) },
    ],
    [
      "a file that merely contains the name in another stream",
      { "/Workbook": Buffer.concat([Buffer.alloc(64), Buffer.from("WordDocument\0", "utf16le"), wordStream(5000)]) },
    ],
    ["WordDocument inside a sub-storage", { "/Objects/WordDocument": wordStream(8192) }],
    ["a storage named WordDocument", { "/WordDocument/Contents": wordStream(8192) }],
    ["a WordDocument stream without a Word FIB", { "/WordDocument": Buffer.alloc(8192) }],
    ["a WordDocument stream too short for a FIB", { "/WordDocument": wordStream(8) }],
  ])("refuses a real compound file that is not a Word document: %s", async (_label, streams) => {
    const file = compoundFile(streams);
    expect(file.subarray(0, 4).toString("hex")).toBe("d0cf11e0");
    expect(await detectDocumentType(file)).toBeUndefined();
  });

  it.each([
    // These made the `cfb` package's reader loop until the process ran out of memory.
    [
      "a stream starting outside the file on a FAT self-loop",
      (d: Buffer) => {
        d.writeUInt32LE(50, WORD_ENTRY + 116);
        d.writeUInt32LE(50, FAT + 50 * 4);
      },
    ],
    ["a cycle in the stream's sector chain", (d: Buffer) => d.writeUInt32LE(2, FAT + 9 * 4)],
    ["a cycle in the directory tree", (d: Buffer) => d.writeUInt32LE(1, WORD_ENTRY + 68)],
    ["a directory chain pointing past the end", (d: Buffer) => d.writeUInt32LE(4000, 48)],
    ["a stream longer than its sector chain", (d: Buffer) => d.writeUInt32LE(4096 * 4, WORD_ENTRY + 120)],
    ["a FAT sector outside the file", (d: Buffer) => d.writeUInt32LE(77, 76)],
  ])("refuses a malformed compound file: %s", async (_label, edit) => {
    expect(await detectDocumentType(editedDoc(edit))).toBeUndefined();
  });

  it("refuses a compound file cut short", async () => {
    expect(await detectDocumentType(fixture("sample.doc").subarray(0, 2048))).toBeUndefined();
  });
});

// ---- .docx fixtures: zips built here, with deflated entries and, where wanted, lying headers ----

interface ZipEntry {
  name: string;
  /** Raw deflate data. */
  packed: Buffer;
  /** Real inflated size. */
  size: number;
  crc: number;
  /** Uncompressed size written in the headers, when it is to differ from the real one. */
  declaredSize?: number;
}

const deflated = (name: string, content: string | Buffer): ZipEntry => {
  const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return { name, packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** `size` zero bytes deflated as a stream, 1 MiB at a time (not even the input is held in memory). */
async function zeros(name: string, size: number): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => packed.push(chunk));
  const ended = once(deflate, "end");
  const chunk = Buffer.alloc(MiB);
  let crc = 0;
  for (let left = size; left > 0; left -= MiB) {
    const part = left >= MiB ? chunk : chunk.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await once(deflate, "drain");
  }
  deflate.end();
  await ended;
  return { name, packed: Buffer.concat(packed), size, crc };
}

/** A zip archive (deflate, no data descriptors) of the entries, in order. */
function zip(entries: ZipEntry[]): Buffer {
  const u16 = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    // version needed, flags, method (8 = deflate), time, date, CRC, sizes, name length, extra length
    const common = Buffer.concat([
      u16(20),
      u16(0),
      u16(8),
      u16(0),
      u16(0x21),
      u32(e.crc),
      u32(e.packed.length),
      u32(e.declaredSize ?? e.size),
      u16(name.length),
      u16(0),
    ]);
    const local = Buffer.concat([u32(0x04034b50), common, name, e.packed]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

const contentTypes = (main = WORD_MAIN) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/word/document.xml" ContentType="${main}"/></Types>`;
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  "<w:body><w:p><w:r><w:t>Mietbescheinigung</w:t></w:r></w:p></w:body></w:document>";

/** The parts of a minimal Word document. */
const wordParts = (main = WORD_MAIN) => [
  deflated("[Content_Types].xml", contentTypes(main)),
  deflated("_rels/.rels", RELS),
  deflated("word/document.xml", DOCUMENT),
];

/** Filler parts, each a few bytes. */
const smallParts = (count: number) =>
  Array.from({ length: count }, (_, i) => deflated(`word/media/teil${i}.txt`, `Teil ${i}`));

/** Text that deflates only moderately (well under DOCX_MAX_RATIO): counted numbers in base 36. */
function ordinaryText(size: number): Buffer {
  let text = "";
  for (let i = 0; text.length < size; i++) text += `${((i * 2654435761) >>> 0).toString(36)} `;
  return Buffer.from(text.slice(0, size), "latin1");
}

/** 200 MiB of zeros deflated to about 200 KB, shared by the zip bomb tests. */
let bombEntry: Promise<ZipEntry> | undefined;
const bomb = () => {
  bombEntry ??= zeros("word/media/image1.bin", 200 * MiB);
  return bombEntry;
};

describe("detectDocumentType checks a .docx by its structure, within bounds", () => {
  it("keeps the bounds in a sensible relation", () => {
    expect(DOCX_MAX_INFLATED_BYTES).toBe(100 * MiB);
    expect(DOCX_MAX_RATIO).toBe(100);
    expect(DOCX_RATIO_FREE_BYTES).toBe(MiB);
    expect(DOCX_MAX_ENTRIES).toBe(1000);
  });

  it("accepts a Word package with deflated entries, a large ordinary part and a highly compressible small one", async () => {
    const docx = zip([
      ...wordParts(),
      deflated("word/media/scan.xml", ordinaryText(3 * MiB)),
      deflated("word/media/white.bmp", Buffer.alloc(DOCX_RATIO_FREE_BYTES)),
    ]);
    expect(await detectDocumentType(docx)).toEqual({ mime: DOCX_MIME, ext: "docx" });
  });

  it("refuses a zip without word/document.xml", async () => {
    const parts = wordParts().filter((e) => e.name !== "word/document.xml");
    expect(await detectDocumentType(zip([...parts, deflated("word/other.xml", DOCUMENT)]))).toBeUndefined();
  });

  it("refuses a zip without [Content_Types].xml", async () => {
    const parts = wordParts().filter((e) => e.name !== "[Content_Types].xml");
    expect(await detectDocumentType(zip(parts))).toBeUndefined();
  });

  it("refuses a macro-enabled document (.docm content type)", async () => {
    const docm = zip(wordParts("application/vnd.ms-word.document.macroEnabled.main+xml"));
    expect(await detectDocumentType(docm)).toBeUndefined();
  });

  it("refuses a package with the same part twice", async () => {
    expect(await detectDocumentType(zip([...wordParts(), deflated("Word/Document.xml", DOCUMENT)]))).toBeUndefined();
  });

  it("refuses a part that inflates past the bound, declaring its real size (200 MiB)", async () => {
    const big = await bomb();
    expect(big.packed.length).toBeLessThan(MiB);
    expect(await detectDocumentType(zip([...wordParts(), big]))).toBeUndefined();
  });

  it.each([
    ["small", 4096],
    ["within the ratio-free size", DOCX_RATIO_FREE_BYTES],
  ])("refuses a zip bomb whose headers lie about its size (declared %s)", async (_label, declaredSize) => {
    const lying = { ...(await bomb()), declaredSize };
    expect(await detectDocumentType(zip([...wordParts(), lying]))).toBeUndefined();
    // The same lie in the first entry, before any Word part.
    expect(await detectDocumentType(zip([lying, ...wordParts()]))).toBeUndefined();
  });

  it("refuses a part compressed more than the ratio allows once it is past the ratio-free size", async () => {
    const dense = await zeros("word/media/image1.bmp", 2 * DOCX_RATIO_FREE_BYTES);
    expect(dense.size / dense.packed.length).toBeGreaterThan(DOCX_MAX_RATIO);
    expect(await detectDocumentType(zip([...wordParts(), dense]))).toBeUndefined();
  });

  it("refuses parts that together inflate past the bound, each within the ratio-free size", async () => {
    const part = deflated("x", Buffer.alloc(DOCX_RATIO_FREE_BYTES));
    const count = DOCX_MAX_INFLATED_BYTES / DOCX_RATIO_FREE_BYTES + 1;
    const parts = Array.from({ length: count }, (_, i) => ({ ...part, name: `word/media/image${i}.bmp` }));
    expect(await detectDocumentType(zip([...wordParts(), ...parts]))).toBeUndefined();
  });

  it("accepts DOCX_MAX_ENTRIES entries and refuses one more", async () => {
    const atLimit = zip([...wordParts(), ...smallParts(DOCX_MAX_ENTRIES - 3)]);
    expect((await detectDocumentType(atLimit))?.mime).toBe(DOCX_MIME);
    const over = zip([...wordParts(), ...smallParts(DOCX_MAX_ENTRIES - 2)]);
    expect(await detectDocumentType(over)).toBeUndefined();
  });

  it("refuses a docx whose data is cut off", async () => {
    const docx = zip(wordParts());
    expect(await detectDocumentType(docx.subarray(0, docx.length - 30))).toBeUndefined();
  });
});

describe("upload route refuses Word files that fail the structure checks", () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = await login(ctx.app, await createTenant(ctx.db));
  });
  afterAll(() => ctx.close());

  const upload = (filename: string, data: Buffer) => {
    const body = multipart({ type: "personal" }, { filename, data });
    return api(ctx.app, token).inject({
      method: "POST",
      url: "/api/v1/tenant/documents",
      payload: body.payload,
      headers: body.headers,
    });
  };

  it.each([
    ["sample.doc", DOC_MIME],
    ["sample.docx", DOCX_MIME],
  ])("accepts %s", async (name, mime) => {
    const res = await upload(name, fixture(name));
    expect(res.statusCode).toBe(201);
    expect(res.json().file_type).toBe(mime);
  });

  it.each([
    ["a zip bomb", "bombe.docx", async () => zip([...wordParts(), await bomb()])],
    ["a lying zip bomb", "bombe.docx", async () => zip([...wordParts(), { ...(await bomb()), declaredSize: 1024 }])],
    [
      "a fake OLE2 file",
      "fake.doc",
      async () =>
        Buffer.concat([
          fixture("sample.doc").subarray(0, 512),
          Buffer.from("WordDocument", "utf16le"),
          Buffer.alloc(1000),
        ]),
    ],
    [
      "a compound file without WordDocument",
      "tabelle.doc",
      async () => compoundFile({ "/Workbook": Buffer.alloc(5000) }),
    ],
    [
      "a zip without word/document.xml",
      "leer.docx",
      async () => zip(wordParts().filter((e) => e.name !== "word/document.xml")),
    ],
  ])("answers 415 with the German message to %s and stores nothing", async (_label, filename, make) => {
    const filesBefore = await storedFiles(ctx.dataDir);
    const res = await upload(filename, await make());
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: "file_type_not_allowed", message: DOCUMENT_TYPE_NOT_ALLOWED });
    expect(await storedFiles(ctx.dataDir)).toEqual(filesBefore);
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
