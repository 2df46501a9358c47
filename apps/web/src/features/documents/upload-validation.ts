import { DOCUMENT_EXTENSIONS, LIMITS } from "@mieter-portal/contracts";
import { formatFileSize } from "@/lib/format";
import { documentTexts } from "./texts";

/** The picker's accept attribute: ".pdf,.doc,.docx,.jpg,.jpeg,.png". */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.join(",");

/** The lower-case extension with its dot ('.pdf'), or '' when the name has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot).toLowerCase() : "";
}

/**
 * Checks a picked file before anything is sent: an allowed extension (the picker's filter can be
 * bypassed), not empty, at most 20 MB. Returns the German message, or null when it may go.
 * The server decides the real type by the file's bytes; this only spares a hopeless upload.
 */
export function validateDocumentFile(file: Pick<File, "name" | "size">): string | null {
  const extension = extensionOf(file.name);
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    return documentTexts.upload.refusedType(file.name);
  }
  if (file.size > LIMITS.documentMaxBytes) {
    return documentTexts.upload.tooLarge(file.name, formatFileSize(file.size), LIMITS.documentMaxBytes / (1024 * 1024));
  }
  if (file.size === 0) return documentTexts.upload.empty(file.name);
  return null;
}

/** Spec: the title is the file name; cut to the API's 200 characters. */
export function uploadTitle(fileName: string): string {
  const name = fileName.trim() || "Dokument";
  return Array.from(name).slice(0, LIMITS.titleMax).join("");
}
