/**
 * Searches in the console compare a stored folded text with the folded words typed (decision 030):
 * one plain LIKE per row on a column, instead of a function call per row that SQLite would run in
 * JavaScript (issue 24 item 14). Folding ignores case and diacritics ("muller" and "Müller",
 * "yilmaz" and "Yılmaz", "kovac" and "Kovač"), and the stored text also holds the German spelling
 * without umlauts ("mueller" finds "Müller"; "strasse" finds "Straße").
 */

/** Letters that Unicode does not decompose into a base letter and a mark. */
const BASE_LETTER: Record<string, string> = {
  ß: "ss",
  ı: "i",
  ł: "l",
  đ: "d",
  ð: "d",
  ø: "o",
  æ: "ae",
  œ: "oe",
  þ: "th",
  ħ: "h",
};
const SPECIAL = new RegExp(`[${Object.keys(BASE_LETTER).join("")}]`, "g");
const MARKS = /\p{M}/gu;

/** Lower case, without diacritics, whitespace collapsed: what a search word is compared in. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(MARKS, "")
    .replace(SPECIAL, (c) => BASE_LETTER[c] ?? c)
    .replace(/\s+/g, " ")
    .trim();
}

/** The folded text and, where it differs, the German spelling of umlauts (ä → ae, ö → oe, ü → ue). */
function searchTextOf(parts: (string | null | undefined)[]): string {
  const text = parts.filter((p) => p).join(" ");
  const plain = foldForSearch(text);
  const german = foldForSearch(text.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue"));
  return german === plain ? plain : `${plain} ${german}`;
}

/** tenants.search_text: first name, last name and e-mail (written by every writer of these columns). */
export const tenantSearchText = (t: { firstName: string; lastName: string; email: string }): string =>
  searchTextOf([t.firstName, t.lastName, t.email]);

/** tenancies.search_text: the address and the unit. */
export const tenancySearchText = (t: { address: string; unit: string | null }): string =>
  searchTextOf([t.address, t.unit]);

/** LIKE pattern (escape '\') for a folded word anywhere, with %, _ and \ taken literally. */
export const containsFolded = (word: string): string => `%${foldForSearch(word).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The words of a search (at most five), each folded; empty words dropped. */
export const searchWords = (q: string | undefined): string[] =>
  (q ?? "").split(/\s+/).map(foldForSearch).filter(Boolean).slice(0, 5);
