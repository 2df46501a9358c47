import type { BrandConfig } from "@mieter-portal/contracts";
// The one default brand, shared with the server; a zod-free entry, as this runs on the login screen.
import { DEFAULT_BRAND } from "@mieter-portal/contracts/defaults";

/** Used until /api/v1/config answered once (and cached), e.g. in tests or when served without the server. */
export { DEFAULT_BRAND };

function readMeta(name: string): string | null {
  if (typeof document === "undefined") return null;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim();
  // Unreplaced placeholders (dist served by something other than our server) are not a brand.
  if (!content || content.startsWith("__MP_")) return null;
  return content;
}

/** The server writes the brand into index.html; reading it there avoids a flash of the default name. */
export function brandFromDocument(): BrandConfig {
  return {
    ...DEFAULT_BRAND,
    companyName: readMeta("mp-company-name") ?? DEFAULT_BRAND.companyName,
    logoText: readMeta("mp-logo-text") ?? DEFAULT_BRAND.logoText,
  };
}
