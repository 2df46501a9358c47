/**
 * No runtime import from contracts here: this module is part of the console's entry chunk and
 * contracts would bring all of zod with it. A unit test checks the values against contracts.
 */
export const DEFAULT_API_BASE = "/api/v1";
export const DEFAULT_API_KEY = "mp-web-client-2025";

export const env = {
  apiBase: DEFAULT_API_BASE,
  /** The same client key as the tenant app: the server accepts the keys listed in API_KEYS. */
  apiKey: (import.meta.env.VITE_API_KEY as string | undefined)?.trim() || DEFAULT_API_KEY,
} as const;

/** Where the staff token lives in the browser (issue 11: the console keeps it in localStorage). */
export const TOKEN_STORAGE_KEY = "mieter_portal_staff_token";
/** The console's own theme choice (light, dark or system). */
export const THEME_STORAGE_KEY = "mieter_portal_staff_theme";
