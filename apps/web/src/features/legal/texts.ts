/** Date of the current legal texts (spec section 9). */
export const LEGAL_LAST_UPDATED = "25. März 2025";

export const legalTexts = {
  backToSettings: "Zurück zu den Einstellungen",
  lastUpdated: `Stand: ${LEGAL_LAST_UPDATED}`,
  contents: "Inhalt",
} as const;

/** One section of a legal text: paragraphs, then an optional list. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** Paragraphs after the list. */
  after?: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

/** The parts of the brand the legal texts name (from /api/v1/config). */
export interface LegalBrand {
  companyName: string;
  supportEmail: string;
  supportPhone: string;
  officeAddress: string;
  emergencyHotline: string;
  imprint: { legalName: string; representative: string; register: string; vatId: string };
}

/** The operator's legal name, or the brand name when no imprint is configured. */
export function operatorName(brand: LegalBrand): string {
  return brand.imprint.legalName.trim() || brand.companyName;
}
