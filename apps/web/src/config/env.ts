/**
 * Kept free of zod and of runtime imports from contracts: this module is part of the JavaScript
 * the login screen loads (budget 150 KB gzip). A unit test checks the values against contracts.
 */
export const DEFAULT_API_BASE = "/api/v1";
export const DEFAULT_API_KEY = "mp-web-client-2025";

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export const env = {
  /** Where the remote API lives; paths starting with /api/ or /api/v1/ are rewritten onto it. */
  apiBase: (nonEmpty(import.meta.env.VITE_API_BASE) ?? DEFAULT_API_BASE).replace(/\/+$/, ""),
  /** Fixed client key the API expects in X-API-Key (spec section 6). */
  apiKey: nonEmpty(import.meta.env.VITE_API_KEY) ?? DEFAULT_API_KEY,
} as const;

/** The version in the repository's package.json, written in at build time (vite.config.ts). */
export const APP_VERSION: string = __APP_VERSION__;
