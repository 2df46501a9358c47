/**
 * The first records of a CSV statement, for the mapping step only (which row holds the column
 * names, what the columns look like): the server reads the file itself. Counted as the server
 * counts them (apps/server/src/lib/bank-statement/csv.ts): the same delimiter guess, a blank line
 * is a record of one empty cell, a quoted cell may hold the delimiter or a line break, cells are
 * trimmed.
 */

/** The server looks for a header in the first 30 rows. */
export const HEADER_SEARCH_ROWS = 30;

function delimiterOf(text: string): string {
  const head = text.split(/\r?\n/, HEADER_SEARCH_ROWS).join("\n");
  const semicolons = head.match(/;/g)?.length ?? 0;
  const commas = head.match(/,/g)?.length ?? 0;
  const tabs = head.match(/\t/g)?.length ?? 0;
  if (tabs > semicolons && tabs > commas) return "\t";
  return semicolons >= commas ? ";" : ",";
}

/** Up to `limit` records of the file's text (BOM dropped). */
export function statementRows(content: string, limit = HEADER_SEARCH_ROWS + 10): string[][] {
  const text = content.replace(/^\uFEFF/, "");
  const delimiter = delimiterOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let atCellStart = true;
  const endCell = () => {
    row.push(cell.trim());
    cell = "";
    atCellStart = true;
  };
  for (let i = 0; i < text.length && rows.length < limit; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"' && atCellStart && cell.trim() === "") {
      quoted = true;
      cell = "";
      atCellStart = false;
    } else if (ch === delimiter) endCell();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endCell();
      rows.push(row);
      row = [];
    } else {
      cell += ch;
      if (ch.trim() !== "") atCellStart = false;
    }
  }
  if (rows.length < limit && (cell !== "" || row.length > 0)) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The header row's cells and the next rows that are not blank (as many as `count`). */
export function headerAndSample(
  rows: string[][],
  headerRow: number,
  count = 3,
): { header: string[]; sample: string[][] } {
  return {
    header: rows[headerRow] ?? [],
    sample: rows
      .slice(headerRow + 1)
      .filter((r) => r.some((c) => c !== ""))
      .slice(0, count),
  };
}
