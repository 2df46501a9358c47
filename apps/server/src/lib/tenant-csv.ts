import { LIMITS, type paymentMethod } from "@mieter-portal/contracts";
import { parse } from "csv-parse/sync";
import { z } from "zod";

/**
 * The tenant import file (issue 14 §1; format in docs/tenant-import.md): UTF-8, a header row,
 * separated by semicolons (as German spreadsheets save CSV) or commas, read with csv-parse.
 * This module checks each row on its own; the repository adds what needs the database
 * (buildings in scope, addresses already taken).
 */

export const IMPORT_MAX_ROWS = 5000;

/** Column names as they stand in the header (case, spaces, umlaut spellings ignored). */
export const IMPORT_COLUMNS = [
  "vorname",
  "nachname",
  "email",
  "gebaeude",
  "wohnung",
  "beginn",
  "kaltmiete",
  "nebenkosten",
  "zahlungsart",
  "faelligkeitstag",
  "iban_letzte4",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: ImportColumn[] = ["vorname", "nachname", "gebaeude", "beginn", "kaltmiete", "nebenkosten"];

const LABELS: Record<ImportColumn, string> = {
  vorname: "Vorname",
  nachname: "Nachname",
  email: "E-Mail",
  gebaeude: "Gebäude",
  wohnung: "Wohnung",
  beginn: "Beginn",
  kaltmiete: "Kaltmiete",
  nebenkosten: "Nebenkosten",
  zahlungsart: "Zahlungsart",
  faelligkeitstag: "Fälligkeitstag",
  iban_letzte4: "IBAN (letzte 4)",
};

const PAYMENT_METHODS: Record<string, z.infer<typeof paymentMethod>> = {
  "sepa-lastschrift": "sepa_direct_debit",
  lastschrift: "sepa_direct_debit",
  sepa_direct_debit: "sepa_direct_debit",
  überweisung: "bank_transfer",
  ueberweisung: "bank_transfer",
  bank_transfer: "bank_transfer",
  dauerauftrag: "standing_order",
  standing_order: "standing_order",
};

/** "Fälligkeitstag", "E-Mail", "IBAN letzte 4" → faelligkeitstag, email, iban_letzte4. */
export function normalizeHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[-\s]+/g, "_")
    .replace(/^e_mail$/, "email")
    .replace(/[()]/g, "")
    .replace(/_+$/, "");
}

export interface ParsedImportRow {
  /** Line in the file (the header is line 1). */
  line: number;
  firstName: string;
  lastName: string;
  email: string | null;
  /** As written; the repository finds the building. */
  building: string;
  unit: string | null;
  startDate: string;
  baseRentCents: number | null;
  utilitiesCents: number | null;
  paymentMethod: string;
  dueDay: number | null;
  ibanLast4: string | null;
  problems: string[];
}

/** "550", "550,5", "1.234,56", "1234.56" → cents; null when it is not an amount. */
export function parseEuroCents(text: string): number | null {
  const t = text.replace(/\s|€/g, "");
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(t) || /^\d+(,\d{1,2})?$/.test(t)) {
    normalized = t.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+(\.\d{1,2})?$/.test(t)) {
    normalized = t;
  } else {
    return null;
  }
  const cents = Math.round(Number(normalized) * 100);
  return Number.isFinite(cents) ? cents : null;
}

/** "TT.MM.JJJJ" or "JJJJ-MM-TT" → "JJJJ-MM-TT" of a real day; null otherwise. */
export function parseImportDate(text: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const iso = german
    ? `${german[3]}-${german[2]!.padStart(2, "0")}-${german[1]!.padStart(2, "0")}`
    : /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? text
      : null;
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const emailCheck = z.email();

export interface ParsedImport {
  fileProblems: string[];
  rows: ParsedImportRow[];
}

/** Reads the file and checks every row on its own; never throws on bad input. */
export function parseTenantCsv(text: string): ParsedImport {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") ? ";" : ",";
  let parsed: { info: { lines: number }; record: string[] }[];
  try {
    parsed = parse(text, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as { info: { lines: number }; record: string[] }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return {
      fileProblems: [
        `Die Datei ist kein lesbares CSV${line ? ` (ab Zeile ${line})` : ""}: bitte als CSV (UTF-8, Semikolon) speichern.`,
      ],
      rows: [],
    };
  }
  const records = parsed.map((r) => r.record);
  const [header, ...body] = records;
  if (!header) return { fileProblems: ["Die Datei ist leer."], rows: [] };
  const names = header.map(normalizeHeader);
  const fileProblems: string[] = [];
  const unknown = header.filter((_, i) => !(IMPORT_COLUMNS as readonly string[]).includes(names[i]!));
  if (unknown.length > 0) {
    fileProblems.push(
      `Unbekannte Spalte${unknown.length > 1 ? "n" : ""}: ${unknown.join(", ")}. Erlaubt sind: ${IMPORT_COLUMNS.join(", ")}.`,
    );
  }
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    fileProblems.push(`Es fehlt die Spalte${missing.length > 1 ? "n" : ""} ${missing.join(", ")} in der Kopfzeile.`);
  }
  const duplicates = names.filter((n, i) => names.indexOf(n) !== i);
  if (duplicates.length > 0) fileProblems.push(`Doppelte Spalte: ${[...new Set(duplicates)].join(", ")}.`);
  if (body.length === 0) fileProblems.push("Die Datei enthält keine Mieter (nur die Kopfzeile).");
  if (body.length > IMPORT_MAX_ROWS) {
    fileProblems.push(`Höchstens ${IMPORT_MAX_ROWS} Mieter je Datei; diese hat ${body.length}.`);
  }
  if (fileProblems.length > 0) return { fileProblems, rows: [] };

  const index = new Map(names.map((n, i) => [n, i]));
  // info.lines is the file line a record ends on (records may span lines inside quotes).
  const lineNumbers = parsed.map((r) => r.info.lines - (r.record.join(delimiter).split(/\r?\n/).length - 1));
  const rows = body.map((record, i) => {
    const problems: string[] = [];
    const cell = (column: ImportColumn) => {
      const at = index.get(column);
      return at === undefined ? "" : (record[at] ?? "").trim();
    };
    if (record.length !== header.length) {
      problems.push(`Die Zeile hat ${record.length} statt ${header.length} Spalten.`);
    }
    for (const column of REQUIRED) {
      if (cell(column) === "") problems.push(`${LABELS[column]} fehlt.`);
    }
    for (const column of ["vorname", "nachname"] as const) {
      if (cell(column).length > LIMITS.nameMax) {
        problems.push(`${LABELS[column]} ist zu lang (höchstens ${LIMITS.nameMax} Zeichen).`);
      }
    }
    for (const column of ["vorname", "nachname", "gebaeude", "wohnung"] as const) {
      if ([...cell(column)].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
        problems.push(`${LABELS[column]} enthält einen Zeilenumbruch oder ein Steuerzeichen.`);
    }
    const email = cell("email");
    if (email && (email.length > LIMITS.emailMax || !emailCheck.safeParse(email).success)) {
      problems.push(`Die E-Mail-Adresse „${email}“ ist ungültig.`);
    }
    const unit = cell("wohnung");
    if (unit.length > 50) problems.push("Die Wohnung ist zu lang (höchstens 50 Zeichen).");
    const startText = cell("beginn");
    const startDate = startText ? parseImportDate(startText) : null;
    if (startText && !startDate) {
      problems.push(`Der Beginn „${startText}“ ist kein gültiges Datum (TT.MM.JJJJ oder JJJJ-MM-TT).`);
    }
    const amount = (column: "kaltmiete" | "nebenkosten") => {
      const text = cell(column);
      if (!text) return null;
      const cents = parseEuroCents(text);
      if (cents === null || cents > 10_000_000) {
        problems.push(`${LABELS[column]} „${text}“ ist kein gültiger Betrag (z. B. 550,00).`);
        return null;
      }
      return cents;
    };
    const baseRentCents = amount("kaltmiete");
    const utilitiesCents = amount("nebenkosten");
    const methodText = cell("zahlungsart");
    const method = methodText ? PAYMENT_METHODS[methodText.toLowerCase()] : "sepa_direct_debit";
    if (!method) {
      problems.push(`Die Zahlungsart „${methodText}“ ist unbekannt (SEPA-Lastschrift, Überweisung oder Dauerauftrag).`);
    }
    const dueText = cell("faelligkeitstag");
    const dueDay = dueText === "" ? 3 : /^\d{1,2}$/.test(dueText) ? Number(dueText) : Number.NaN;
    if (!(dueDay >= 1 && dueDay <= 31)) {
      problems.push(`Der Fälligkeitstag „${dueText}“ muss eine Zahl von 1 bis 31 sein.`);
    }
    const iban = cell("iban_letzte4");
    if (iban && !/^\d{4}$/.test(iban)) problems.push("IBAN (letzte 4): genau vier Ziffern.");
    return {
      line: lineNumbers[i + 1] ?? i + 2,
      firstName: cell("vorname"),
      lastName: cell("nachname"),
      email: email || null,
      building: cell("gebaeude"),
      unit: unit || null,
      startDate: startDate ?? startText,
      baseRentCents,
      utilitiesCents,
      paymentMethod: method ?? methodText,
      dueDay: Number.isNaN(dueDay) ? null : dueDay,
      ibanLast4: iban || null,
      problems,
    };
  });
  return { fileProblems, rows };
}
