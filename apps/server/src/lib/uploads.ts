import { LIMITS, type PhotoUpload } from "@mieter-portal/contracts";
import { fileTypeFromBuffer } from "file-type";
import { HttpError } from "./errors.js";
import type { FileStore } from "./file-store.js";
import { isWordCompoundFile, isWordPackage } from "./word-files.js";

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

/** A photo of a JSON request as sent: its data URL and, if the device knows it, its file name. */
type PhotoSent = Pick<PhotoUpload, "dataUrl"> & { filename?: string | null };

/**
 * Decodes and checks one photo of a JSON request; throws a German 400 naming the field.
 * Nothing is stored here, so a request is refused before anything is written.
 */
export async function checkPhoto(upload: PhotoSent, field: string, fallbackName: string): Promise<CheckedFile> {
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

/** Checks every photo of a list (field `photos.<i>`, fallback names `<prefix>-<n>`), in order. */
export async function checkPhotos(uploads: readonly PhotoSent[], prefix: string): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const [i, upload] of uploads.entries())
    checked.push(await checkPhoto(upload, `photos.${i}`, `${prefix}-${i + 1}`));
  return checked;
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
