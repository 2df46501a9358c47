import { foldForSearch } from "./search-text.js";

/**
 * tenants.sort_key: the tenant list in German order on SQLite and PostgreSQL alike (issue 25 item 19).
 * Neither database sorts like Intl.Collator("de") by itself (SQLite compares bytes: "Becker" before
 * "Bäcker", "(Firma) Zander" before "Adler"; PostgreSQL follows whatever locale the server has), so
 * every writer of a tenant's name stores this key and the list compares it byte by byte (COLLATE "C"
 * on PostgreSQL): first the last name's letters and digits without case, diacritics or symbols (ä as a, ß
 * as ss), then the last name as written (unaccented first: "Backer", "Bäcker", "Becker", as
 * Intl.Collator("de") orders them), then the first name the same way.
 */
export function tenantSortKey(t: { firstName: string; lastName: string }): string {
  const key = (name: string) =>
    `${foldForSearch(name).replace(/[^\p{L}\p{N}]/gu, "")} ${name.normalize("NFC").toLowerCase()}`;
  // " " and "!" sort below every letter and digit: "Abe" before "Abel", whatever the first names.
  return `${key(t.lastName)}!${key(t.firstName)}`;
}
