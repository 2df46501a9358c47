import type { BrandConfig } from "./config.js";

/*
 * Values both apps need and the tenant app's login screen loads: this module imports no zod (only
 * a type), so `@mieter-portal/contracts/defaults` keeps that screen's JavaScript small (budget
 * 150 KB gzip). Everything here is also exported from the package's index.
 */

/**
 * The brand of the demo installation, defined once: the server serves it unless BRAND_* variables
 * or BRAND_FILE say otherwise, and the web app shows it until GET /api/v1/config answered once
 * (the repair form's emergency button dials `emergencyHotline`).
 */
export const DEFAULT_BRAND: BrandConfig = {
  companyName: "Grünfeld Hausverwaltung",
  logoText: "GH",
  supportEmail: "service@gruenfeld-hausverwaltung.de",
  supportPhone: "+49 30 12345670",
  supportHours: "Mo-Fr 9:00-17:00",
  emergencyHotline: "+49 800 1234567",
  officeAddress: "Gartenstraße 12, 10115 Berlin",
  imprint: {
    legalName: "Grünfeld Haus- und Gartenservice GmbH",
    representative: "Geschäftsführerin: Katrin Grünfeld",
    register: "Amtsgericht Berlin-Charlottenburg, HRB 123456",
    vatId: "USt-IdNr.: DE123456789",
  },
  // A demo account (the check digits are right; no real account).
  bankAccount: { iban: "DE89370400440532013000", recipient: "Grünfeld Hausverwaltung GmbH", bic: "COBADEFFXXX" },
};

/** Response header with the cursor of a list's next page (docs/decisions/007-list-pagination.md). */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
