import { CONTRACT_DOCUMENT_TYPES, type DocumentType } from "@mieter-portal/contracts";

/**
 * The documents module's mail texts (German): the digest's subject and lines, pure functions of
 * their data; notifications/notify.ts writes the digest (decision 037).
 */

/** The subject a digest of new documents is recorded with. */
export const DOCUMENT_DIGEST_SUBJECT = "Neue Dokumente im Mieter-Portal";

/** The documents screen's section of a type, as the tenant app names it. */
const sectionOf = (type: DocumentType) =>
  CONTRACT_DOCUMENT_TYPES.includes(type) ? "Vertragsdokumente" : "Nebenkostenabrechnungen";

/** A digest line: the title and where the tenant finds it. */
export const digestLineOf = (title: string, type: DocumentType) => `„${title}“ (unter ${sectionOf(type)})`;
