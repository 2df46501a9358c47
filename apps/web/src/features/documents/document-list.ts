import {
  CONTRACT_DOCUMENT_TYPES,
  type DocumentType,
  type TenantDocument,
  UTILITY_DOCUMENT_TYPES,
} from "@mieter-portal/contracts";
import { documentTypeLabels } from "./texts";

export type DocumentSectionId = "contract" | "utility" | "mine";
export const DOCUMENT_SECTION_ORDER: DocumentSectionId[] = ["contract", "utility", "mine"];

/**
 * The screen's section of a document: the tenant's own uploads under 'Meine Dokumente', the
 * management's by type. A management document of another type (the API cannot publish one today)
 * lands under 'Meine Dokumente' too, so no document ever disappears from the screen.
 */
export function sectionOf(document: Pick<TenantDocument, "type" | "is_tenant_uploaded">): DocumentSectionId {
  if (document.is_tenant_uploaded) return "mine";
  if (CONTRACT_DOCUMENT_TYPES.includes(document.type)) return "contract";
  if (UTILITY_DOCUMENT_TYPES.includes(document.type)) return "utility";
  return "mine";
}

/** Documents by section, each in the order given (the API sends newest first). */
export function groupDocuments<T extends Pick<TenantDocument, "type" | "is_tenant_uploaded">>(
  documents: T[],
): Record<DocumentSectionId, T[]> {
  const groups: Record<DocumentSectionId, T[]> = { contract: [], utility: [], mine: [] };
  for (const document of documents) groups[sectionOf(document)].push(document);
  return groups;
}

function normalize(text: string): string {
  return text.toLocaleLowerCase("de-DE").normalize("NFC");
}

/**
 * Spec: case-insensitive substring filter on title or type. The type matches as sent by the API
 * ('house_rules') and as shown ('Hausordnung'); a blank query keeps every document.
 */
export function filterDocuments<T extends Pick<TenantDocument, "title" | "type">>(documents: T[], query: string): T[] {
  const needle = normalize(query.trim());
  if (!needle) return documents;
  return documents.filter((document) => {
    const label = documentTypeLabels[document.type as DocumentType] ?? "";
    return [document.title, document.type, label].some((text) => normalize(text).includes(needle));
  });
}

const FILE_TYPE_LABELS: Record<string, string> = {
  "application/pdf": "PDF",
  "application/msword": "Word",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
};

/** The file type for people: PDF, Word, JPEG, PNG; anything else by its MIME subtype. */
export function fileTypeLabel(mimeType: string): string {
  const mime = mimeType.split(";")[0]!.trim().toLowerCase();
  const known = FILE_TYPE_LABELS[mime];
  if (known) return known;
  const subtype = mime.split("/")[1];
  return subtype ? subtype.replace(/^(x-|vnd\.)/, "").toUpperCase() : "Datei";
}
