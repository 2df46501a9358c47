import { z } from "zod";
import { LIMITS, requiredText } from "../common.js";
import { documentType } from "../documents.js";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGINATION_MESSAGES } from "../pagination.js";
import { personRef } from "./items.js";

/**
 * Documents to many (issue 14 §3): the management publishes one file to one tenant, to the
 * tenants of a building, or to all tenants. Each recipient sees it in their documents under its
 * section; the stored file is shared (docs/decisions/014-notices-and-documents-to-many.md).
 */

/** What the management publishes; "personal" is the tenants' own upload. */
export const publishedDocumentType = z.enum(["contract", "house_rules", "receipt", "utility"], {
  error: "Bitte wählen Sie die Art: Vertrag, Hausordnung, Beleg oder Nebenkostenabrechnung.",
});
export type PublishedDocumentType = z.infer<typeof publishedDocumentType>;

export const documentAudience = z.enum(["tenant", "building", "all"], {
  error: "Bitte wählen Sie die Empfänger: ein Mieter, ein Gebäude oder alle Mieter.",
});
export type DocumentAudience = z.infer<typeof documentAudience>;

export const PUBLISH_MESSAGES = {
  tenant: "Bitte wählen Sie einen Mieter.",
  building: "Bitte wählen Sie ein Gebäude.",
  tenantOnlyForTenant: "Einen Mieter geben Sie nur bei Empfänger „ein Mieter“ an.",
  buildingOnlyForBuilding: "Ein Gebäude geben Sie nur bei Empfänger „ein Gebäude“ an.",
} as const;

/** The text fields of the multipart publication (the file travels as the part named "file"). */
export const documentPublishFields = z
  .object({
    title: requiredText(LIMITS.titleMax, "Der Titel"),
    type: publishedDocumentType,
    audience: documentAudience,
    tenant_id: z.uuid({ error: PUBLISH_MESSAGES.tenant }).optional(),
    building_id: z.uuid({ error: PUBLISH_MESSAGES.building }).optional(),
  })
  .refine((v) => v.audience !== "tenant" || !!v.tenant_id, { error: PUBLISH_MESSAGES.tenant, path: ["tenant_id"] })
  .refine((v) => v.audience !== "building" || !!v.building_id, {
    error: PUBLISH_MESSAGES.building,
    path: ["building_id"],
  })
  .refine((v) => v.audience === "tenant" || !v.tenant_id, {
    error: PUBLISH_MESSAGES.tenantOnlyForTenant,
    path: ["tenant_id"],
  })
  .refine((v) => v.audience === "building" || !v.building_id, {
    error: PUBLISH_MESSAGES.buildingOnlyForBuilding,
    path: ["building_id"],
  });
export type DocumentPublishFields = z.infer<typeof documentPublishFields>;

export const documentPublication = z.object({
  id: z.string(),
  title: z.string(),
  type: documentType,
  audience: documentAudience,
  /** The building (audience "building"), else null. */
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The tenant (audience "tenant"), else null. */
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  file_type: z.string(),
  file_size: z.number().int(),
  filename: z.string(),
  /** How many tenants received it (one documents row each). */
  recipient_count: z.number().int(),
  created_at: z.string(),
  created_by: personRef.nullable(),
});
export type DocumentPublication = z.infer<typeof documentPublication>;

export const documentPublicationPage = z.object({
  items: z.array(documentPublication),
  next_cursor: z.string().nullable(),
});

const limitError = { error: PAGINATION_MESSAGES.limit };
export const documentPublicationsQuery = z.object({
  cursor: z.string({ error: PAGINATION_MESSAGES.cursor }).max(256, { error: PAGINATION_MESSAGES.cursor }).optional(),
  limit: z.coerce
    .number(limitError)
    .int(limitError)
    .min(1, limitError)
    .max(PAGE_SIZE_MAX, limitError)
    .default(PAGE_SIZE_DEFAULT),
});
