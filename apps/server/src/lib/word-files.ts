import yauzl from "yauzl";

/**
 * Recognising Word files by their bytes: a .docx package (zip, unpacked within bounds) or a .doc
 * compound file with a WordDocument stream. Split from uploads.ts (decision 037).
 */

const MiB = 1024 * 1024;

/** At most this many zip entries (a Word document has a few dozen; Apache POI uses 1000 too). */
export const DOCX_MAX_ENTRIES = 1000;

/** At most this many bytes unpacked, all entries together (uploads are ≤ 20 MB). */
export const DOCX_MAX_INFLATED_BYTES = 100 * MiB;

/** An entry may unpack to at most this many times its packed size… */
export const DOCX_MAX_RATIO = 100;

/** …once it is larger than this (small parts may compress better without doing harm). */
export const DOCX_RATIO_FREE_BYTES = 1 * MiB;

/** [Content_Types].xml is read into memory, so it has a bound of its own (real ones are a few KB). */
const DOCX_CONTENT_TYPES_MAX_BYTES = 1 * MiB;

const WORD_MAIN_PART = "/word/document.xml";

const WORD_MAIN_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

const tooCompressed = (inflated: number, compressed: number) =>
  inflated > DOCX_RATIO_FREE_BYTES && inflated > compressed * DOCX_MAX_RATIO;

/**
 * True when the zip is a Word package: readable by yauzl, at most DOCX_MAX_ENTRIES entries, no
 * duplicate names, [Content_Types].xml declaring /word/document.xml as a Word main document, and
 * every entry unpacked — as a stream, nothing kept but [Content_Types].xml — within the bounds above.
 * The declared sizes are checked first; the inflated bytes are counted as well (yauzl also stops
 * an entry that inflates past its declared size), so a zip bomb is given up on at the first
 * bound it crosses, whatever its headers say.
 */
export async function isWordPackage(bytes: Buffer): Promise<boolean> {
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
    if (zip.entryCount > DOCX_MAX_ENTRIES) return false;
    const names = new Set<string>();
    let declared = 0;
    let inflated = 0;
    let contentTypes: string | undefined;
    for await (const entry of zip.eachEntry()) {
      // Part names compare case-insensitively (OPC); a second entry of the same name is ambiguous.
      const name = entry.fileName.toLowerCase();
      if (names.has(name) || names.size >= DOCX_MAX_ENTRIES) return false;
      names.add(name);
      declared += entry.uncompressedSize;
      if (declared > DOCX_MAX_INFLATED_BYTES || tooCompressed(entry.uncompressedSize, entry.compressedSize)) {
        return false;
      }
      if (name.endsWith("/")) continue; // a directory entry has no content
      const keep = name === "[content_types].xml";
      const kept: Buffer[] = [];
      let entryBytes = 0;
      // Leaving the loop early destroys the stream: inflating stops there.
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        entryBytes += (chunk as Buffer).length;
        inflated += (chunk as Buffer).length;
        if (inflated > DOCX_MAX_INFLATED_BYTES || tooCompressed(entryBytes, entry.compressedSize)) return false;
        if (keep) {
          if (entryBytes > DOCX_CONTENT_TYPES_MAX_BYTES) return false;
          kept.push(chunk as Buffer);
        }
      }
      if (keep) contentTypes = Buffer.concat(kept).toString("utf8");
    }
    return names.has("word/document.xml") && contentTypes !== undefined && declaresWordMainDocument(contentTypes);
  } catch {
    // Not a zip yauzl can read (broken, encrypted, unknown compression, entry larger than declared…).
    return false;
  } finally {
    zip?.close();
  }
}

/** [Content_Types].xml has an Override giving /word/document.xml the Word main document type (not .docm, .dotx). */
function declaresWordMainDocument(xml: string): boolean {
  for (const [tag] of xml.matchAll(/<(?:\w+:)?Override\b[^>]*>/g)) {
    const partName = /\bPartName\s*=\s*(["'])(.*?)\1/.exec(tag)?.[2];
    const contentType = /\bContentType\s*=\s*(["'])(.*?)\1/.exec(tag)?.[2];
    if (partName?.toLowerCase() === WORD_MAIN_PART && contentType === WORD_MAIN_CONTENT_TYPE) return true;
  }
  return false;
}

// ---- .doc: an OLE2 compound file ([MS-CFB]) with a WordDocument stream in its root storage ----
const CFB_SIGNATURE = Buffer.from("d0cf11e0a1b11ae1", "hex");

const CFB_END_OF_CHAIN = 0xfffffffe;

const CFB_NO_STREAM = 0xffffffff;

const CFB_MINI_STREAM_CUTOFF = 4096;

const CFB_MINI_SECTOR_BYTES = 64;

const CFB_DIR_ENTRY_BYTES = 128;

/** wIdent of the Word file information block at the start of the WordDocument stream. */
const WORD_FIB_IDENTS = new Set([0xa5ec /* Word 97 and later */, 0xa5dc /* Word 6/95 */]);

/** The FibBase, the fixed part of the FIB every Word version writes. */
const WORD_FIB_BASE_BYTES = 32;

class NotCompoundFile extends Error {}
/**
 * True when the bytes are a well-formed compound file whose root storage holds a stream named
 * "WordDocument" that starts with a Word FIB. A small reader of our own rather than the `cfb`
 * package: that one loops without end on a FAT cycle and is quadratic on backward sector chains,
 * which a 5 KB upload can use to stop the server. Here every chain and tree walk is bounded by the
 * file's sector or entry count and checked for cycles; reads past the end throw (RangeError).
 */
export function isWordCompoundFile(bytes: Buffer): boolean {
  try {
    return hasWordDocumentStream(bytes);
  } catch {
    return false;
  }
}

function hasWordDocumentStream(bytes: Buffer): boolean {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(CFB_SIGNATURE)) return false;
  const major = bytes.readUInt16LE(26);
  const shift = bytes.readUInt16LE(30);
  if (bytes.readUInt16LE(28) !== 0xfffe || !((major === 3 && shift === 9) || (major === 4 && shift === 12))) {
    return false;
  }
  if (bytes.readUInt16LE(32) !== 6 || bytes.readUInt32LE(56) !== CFB_MINI_STREAM_CUTOFF) return false;
  const sectorBytes = 2 ** shift;
  const perSector = sectorBytes / 4;
  const sectorCount = Math.ceil(bytes.length / sectorBytes) - 1; // the header takes the first sector's place
  const at = (sector: number, offset = 0) => {
    if (sector >= sectorCount) throw new NotCompoundFile();
    return (sector + 1) * sectorBytes + offset;
  };

  // FAT sector numbers: 109 in the header, the rest in a chain of DIFAT sectors (last slot = next).
  const fatSectorCount = bytes.readUInt32LE(44);
  if (fatSectorCount === 0 || fatSectorCount > sectorCount) return false;
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) fatSectors.push(bytes.readUInt32LE(76 + i * 4));
  let difat = bytes.readUInt32LE(68);
  for (let n = 0; fatSectors.length < fatSectorCount; n++) {
    if (n >= bytes.readUInt32LE(72)) return false;
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(bytes.readUInt32LE(at(difat, i * 4)));
    }
    difat = bytes.readUInt32LE(at(difat, sectorBytes - 4));
  }
  const next = (sector: number) => {
    const fat = fatSectors[Math.floor(sector / perSector)];
    if (fat === undefined) throw new NotCompoundFile();
    return bytes.readUInt32LE(at(fat, (sector % perSector) * 4));
  };
  /** The sectors of a chain; no chain is longer than the file or visits a sector twice. */
  const chain = (start: number): number[] => {
    const sectors: number[] = [];
    const seen = new Set<number>();
    for (let s = start; s !== CFB_END_OF_CHAIN; s = next(s)) {
      if (s >= sectorCount || seen.has(s)) throw new NotCompoundFile();
      seen.add(s);
      sectors.push(s);
    }
    return sectors;
  };

  // The directory: 128-byte entries; entry 0 is the root storage, its children a binary tree.
  const directory = chain(bytes.readUInt32LE(48));
  const entryCount = (directory.length * sectorBytes) / CFB_DIR_ENTRY_BYTES;
  const entry = (id: number) => {
    const offset = id * CFB_DIR_ENTRY_BYTES;
    return at(directory[Math.floor(offset / sectorBytes)]!, offset % sectorBytes);
  };
  const root = entry(0);
  if (bytes[root + 66] !== 5) return false;
  let word: number | undefined;
  const pending = [bytes.readUInt32LE(root + 76)];
  const visited = new Set<number>();
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (id === CFB_NO_STREAM) continue;
    if (id === 0 || id >= entryCount || visited.has(id)) return false;
    visited.add(id);
    const e = entry(id);
    const nameBytes = bytes.readUInt16LE(e + 64);
    const name = nameBytes >= 2 && nameBytes <= 64 ? bytes.toString("utf16le", e, e + nameBytes - 2) : "";
    if (bytes[e + 66] === 2 && name === "WordDocument") word = e;
    pending.push(bytes.readUInt32LE(e + 68), bytes.readUInt32LE(e + 72)); // left and right sibling
  }
  if (word === undefined) return false;

  // The stream must lie inside the file and start with a Word FIB.
  const size = bytes.readUInt32LE(word + 120);
  if (size < WORD_FIB_BASE_BYTES || (major === 4 && bytes.readUInt32LE(word + 124) !== 0)) return false;
  const start = bytes.readUInt32LE(word + 116);
  let first: number;
  if (size >= CFB_MINI_STREAM_CUTOFF) {
    const sectors = chain(start);
    if (sectors.length * sectorBytes < size) return false;
    first = at(sectors[0]!);
  } else {
    // Small streams live in the mini stream: 64-byte pieces of the root entry's own chain.
    const mini = chain(bytes.readUInt32LE(root + 116));
    const offset = start * CFB_MINI_SECTOR_BYTES;
    if (offset + size > Math.min(bytes.readUInt32LE(root + 120), mini.length * sectorBytes)) return false;
    first = at(mini[Math.floor(offset / sectorBytes)]!, offset % sectorBytes);
  }
  return WORD_FIB_IDENTS.has(bytes.readUInt16LE(first));
}
