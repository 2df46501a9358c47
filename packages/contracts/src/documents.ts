import { z } from "zod";
import { LIMITS } from "./common.js";

export const documentType = z.enum(["contract", "house_rules", "receipt", "utility", "personal"], {
  error: "Ungültige Dokumentart.",
});
export type DocumentType = z.infer<typeof documentType>;

/** Section of the documents screen each type belongs to. */
export const CONTRACT_DOCUMENT_TYPES: DocumentType[] = ["contract", "house_rules"];
export const UTILITY_DOCUMENT_TYPES: DocumentType[] = ["receipt", "utility"];

export const tenantDocument = z.object({
  id: z.string(),
  title: z.string(),
  type: documentType,
  file_type: z.string(),
  file_size: z.number().int(),
  file_url: z.string(),
  uploaded_at: z.string(),
  is_tenant_uploaded: z.boolean(),
});
export type TenantDocument = z.infer<typeof tenantDocument>;
export const documentList = z.array(tenantDocument);

/** What the upload accepts (spec section 5), by extension for the picker, by bytes on the server. */
export const DOCUMENT_EXTENSIONS = [".pdf", ".doc", ".docx", ".jpg", ".jpeg", ".png"] as const;
export const DOCUMENT_MIME_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "image/jpeg",
  "image/png",
] as const;

/** Text fields of the multipart upload (the file travels as the part named "file"). */
export const documentUploadFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: "Titel ist erforderlich." })
    .max(LIMITS.titleMax, { error: `Der Titel darf höchstens ${LIMITS.titleMax} Zeichen lang sein.` })
    .optional(),
  type: z
    .literal("personal", { error: "Mieter können nur persönliche Dokumente hochladen (Typ 'personal')." })
    .default("personal"),
});
export type DocumentUploadFields = z.infer<typeof documentUploadFields>;
