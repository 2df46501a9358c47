import { LIMITS, type PhotoUpload } from "@mieter-portal/contracts";
import { fileTypeFromBuffer } from "file-type";
import yauzl from "yauzl";
import { HttpError } from "./errors.js";
import type { FileStore } from "./file-store.js";

/**
 * Upload checks. The type of a file is decided by its bytes alone — never by its name or the
 * MIME type the client declared — and names are cleaned before they reach the database or a header.
 */

export interface DetectedType {
  mime: string;
  /** Canonical extension, without dot. */
  ext: string;
}

/** Extensions a stored file's name may keep for its detected type; others get the canonical one appended. */
const EXTENSIONS: Record<string, string[]> = {
  "application/pdf": ["pdf"],
  "application/msword": ["doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
};

export const DOCUMENT_TYPES_TEXT = "PDF, DOC, DOCX, JPG oder PNG";
export const DOCUMENT_TYPE_NOT_ALLOWED = `Dieser Dateityp ist nicht erlaubt. Bitte laden Sie eine ${DOCUMENT_TYPES_TEXT}-Datei hoch.`;
export const PHOTO_TYPE_NOT_ALLOWED = "Das Foto muss ein JPEG-, PNG- oder WebP-Bild sein.";
export const DOCUMENT_TOO_LARGE = `Die Datei ist zu groß. Erlaubt sind höchstens ${LIMITS.documentMaxBytes / 1024 / 1024} MB.`;
export const PHOTO_TOO_LARGE = `Das Foto ist zu groß (höchstens ${LIMITS.photoMaxBytes / 1024 / 1024} MB).`;
export const EMPTY_FILE = "Die Datei ist leer.";

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * PDF, Word (.doc, .docx), JPEG or PNG by content; undefined for anything else. Word files are
 * also checked by their structure: a .doc must be a well-formed compound file with a Word
 * document stream at its root, a .docx a Word package that stays small when unpacked.
 */
export async function detectDocumentType(bytes: Buffer): Promise<DetectedType | undefined> {
  const found = await sniff(bytes);
  if (!found) return undefined;
  switch (found.mime) {
    case "application/pdf":
    case "image/jpeg":
    case "image/png":
      return { mime: found.mime, ext: EXTENSIONS[found.mime]![0]! };
    case DOCX_MIME:
      return (await isWordPackage(bytes)) ? { mime: DOCX_MIME, ext: "docx" } : undefined;
    case "application/x-cfb":
      // An OLE2 compound file is also the container of .xls, .msi, .msg…: only Word documents pass.
      return isWordCompoundFile(bytes) ? { mime: "application/msword", ext: "doc" } : undefined;
    default:
      return undefined;
  }
}

// ---- .docx: an OOXML package (zip), unpacked as a stream within bounds (docs/decisions/006) ----

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
async function isWordPackage(bytes: Buffer): Promise<boolean> {
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
function isWordCompoundFile(bytes: Buffer): boolean {
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

/** JPEG, PNG or WebP by content; undefined for anything else. */
export async function detectPhotoType(bytes: Buffer): Promise<DetectedType | undefined> {
  const found = await sniff(bytes);
  if (found && (found.mime === "image/jpeg" || found.mime === "image/png" || found.mime === "image/webp")) {
    return { mime: found.mime, ext: EXTENSIONS[found.mime]![0]! };
  }
  return undefined;
}

async function sniff(bytes: Buffer) {
  if (bytes.length === 0) return undefined;
  try {
    return await fileTypeFromBuffer(bytes);
  } catch {
    // A malformed container (broken zip, truncated header) is simply not an allowed type.
    return undefined;
  }
}

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9.+-]+=[^;,]*)*);base64,([A-Za-z0-9+/=\s]*)$/i;

/** Decodes a base64 data URL; undefined when it is not one (or the base64 is malformed). */
export function decodeDataUrl(dataUrl: string): Buffer | undefined {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return undefined;
  const base64 = match[3]!.replace(/\s+/g, "");
  // Padding only at the end, and a length a real encoder produces.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return undefined;
  return Buffer.from(base64, "base64");
}

export interface CheckedFile {
  bytes: Buffer;
  mime: string;
  size: number;
  filename: string;
}

/**
 * Decodes and checks one photo of a JSON request; throws a German 400 naming the field.
 * Nothing is stored here, so a request is refused before anything is written.
 */
export async function checkPhoto(upload: PhotoUpload, field: string, fallbackName: string): Promise<CheckedFile> {
  const refuse = (code: "validation_failed" | "file_type_not_allowed", message: string) =>
    new HttpError(400, code, message, { [field]: message });
  const bytes = decodeDataUrl(upload.dataUrl);
  if (!bytes) throw refuse("validation_failed", "Das Foto ist kein gültiges Bild (data:image/…;base64).");
  if (bytes.length === 0) throw refuse("validation_failed", "Das Foto ist leer.");
  if (bytes.length > LIMITS.photoMaxBytes) throw refuse("validation_failed", PHOTO_TOO_LARGE);
  const type = await detectPhotoType(bytes);
  if (!type) throw refuse("file_type_not_allowed", PHOTO_TYPE_NOT_ALLOWED);
  return {
    bytes,
    mime: type.mime,
    size: bytes.length,
    filename: withTypeExtension(sanitizeFilename(upload.filename, fallbackName), type),
  };
}

/** Stores every file; when one fails, the ones already stored are removed again. */
export async function putAll(files: FileStore, items: { bytes: Buffer }[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const item of items) keys.push(await files.put(item.bytes));
    return keys;
  } catch (err) {
    await removeAll(files, keys);
    throw err;
  }
}

/** Best-effort removal (used to undo stored files after a failed database write). */
export async function removeAll(files: FileStore, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => files.remove(key).catch(() => undefined)));
}

// Control characters, bidi overrides/isolates (the "gpj.exe" trick), zero-width characters, BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const RESERVED = /[<>:"/\\|?*]/g;

/**
 * A file name safe to store and to show: no path, no control or direction characters, no
 * characters Windows refuses, no leading dots, at most LIMITS.filenameMax characters.
 */
export function sanitizeFilename(name: string | null | undefined, fallback: string): string {
  if (typeof name !== "string") return fallback;
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  if (!cleaned) return fallback;
  return truncateKeepingExtension(cleaned, LIMITS.filenameMax);
}

function truncateKeepingExtension(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 0 && ext.length <= 10) {
    return (
      Array.from(name.slice(0, dot))
        .slice(0, max - ext.length)
        .join("")
        .trimEnd() + ext.join("")
    );
  }
  return chars.slice(0, max).join("").trimEnd();
}

/** Keeps the name when its extension fits the detected type; otherwise appends the type's extension. */
export function withTypeExtension(name: string, type: Pick<DetectedType, "mime">): string {
  const allowed = EXTENSIONS[type.mime];
  if (!allowed) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  if (allowed.includes(ext)) return name;
  return truncateKeepingExtension(`${name}.${allowed[0]}`, LIMITS.filenameMax);
}

const GERMAN_ASCII: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" };

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: "attachment" | "inline", filename: string): string {
  const ascii =
    filename
      .replace(/[äöüÄÖÜß]/g, (c) => GERMAN_ASCII[c]!)
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]|["\\%]/g, "_") || "datei";
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
