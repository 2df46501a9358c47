import { LIMITS, type paymentMethod } from "@mieter-portal/contracts";
import { parse } from "csv-parse/sync";
import { z } from "zod";

/**
 * The tenant import file (issue 14 §1, issue 24 items 5 and 9; format in docs/tenant-import.md,
 * decision 028): a sheet as Excel saves it — "CSV (Trennzeichen-getrennt)" in Windows-1252 or
 * "CSV UTF-8" with a byte-order mark, separated by semicolons (or commas), with empty trailing
 * columns, line breaks inside quoted cells and the common German header names. Read with
 * csv-parse. This module checks each row on its own; the repository adds what needs the database
 * (buildings in scope, tenants already there, the first month charged).
 */

export const IMPORT_MAX_ROWS = 5000;

/** The columns the import knows, by their canonical key. */
export const IMPORT_COLUMNS = [
  "vorname",
  "nachname",
  "email",
  "gebaeude",
  "strasse",
  "hausnummer",
  "plz",
  "ort",
  "wohnung",
  "beginn",
  "kaltmiete",
  "nebenkosten",
  "zahlungsart",
  "faelligkeitstag",
  "iban_letzte4",
  "saldo",
  "guthaben",
  "bezahlt_bis",
  "erster_monat",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const LABELS: Record<ImportColumn, string> = {
  vorname: "Vorname",
  nachname: "Nachname",
  email: "E-Mail",
  gebaeude: "Gebäude",
  strasse: "Straße",
  hausnummer: "Hausnummer",
  plz: "PLZ",
  ort: "Ort",
  wohnung: "Wohnung",
  beginn: "Beginn",
  kaltmiete: "Kaltmiete",
  nebenkosten: "Nebenkosten",
  zahlungsart: "Zahlungsart",
  faelligkeitstag: "Fälligkeitstag",
  iban_letzte4: "IBAN (letzte 4)",
  saldo: "Saldo",
  guthaben: "Guthaben",
  bezahlt_bis: "Bezahlt bis",
  erster_monat: "Erster Monat",
};

/**
 * Header names as people write them, folded by headerKey (case, umlauts, spaces, hyphens,
 * brackets and dots do not count): "IBAN (letzte 4)", "IBAN_letzte4", "Mietbeginn", "Straße",
 * "NK-Vorauszahlung" …
 */
const ALIASES: Record<string, ImportColumn> = {};
for (const [column, names] of Object.entries({
  vorname: ["vorname", "firstname"],
  nachname: ["nachname", "familienname", "lastname", "name"],
  email: ["email", "emailadresse", "mail", "mailadresse"],
  gebaeude: ["gebaeude", "adresse", "objekt", "objektadresse", "liegenschaft", "anschrift"],
  strasse: ["strasse", "str", "strassehausnummer", "strasseundhausnummer", "strassenr", "strasseundnr"],
  hausnummer: ["hausnummer", "hausnr", "hnr"],
  plz: ["plz", "postleitzahl"],
  ort: ["ort", "stadt"],
  wohnung: ["wohnung", "whg", "wohnungsnummer", "wohnungsnr", "einheit", "lage", "mieteinheit"],
  beginn: ["beginn", "mietbeginn", "einzug", "einzugsdatum", "vertragsbeginn", "mietbeginnam"],
  kaltmiete: ["kaltmiete", "grundmiete", "nettokaltmiete", "mietekalt"],
  nebenkosten: [
    "nebenkosten",
    "nk",
    "nkvorauszahlung",
    "nebenkostenvorauszahlung",
    "betriebskosten",
    "bkvorauszahlung",
    "betriebskostenvorauszahlung",
  ],
  zahlungsart: ["zahlungsart", "zahlweise"],
  faelligkeitstag: ["faelligkeitstag", "faelligam", "faelligkeit"],
  iban_letzte4: ["ibanletzte4", "ibanletztevier", "letzte4ibanziffern", "iban4"],
  saldo: ["saldo", "saldovortrag", "rueckstand", "offenerbetrag", "offen", "mietrueckstand"],
  guthaben: ["guthaben"],
  bezahlt_bis: ["bezahltbis", "gezahltbis"],
  erster_monat: ["erstermonat", "abrechnungab", "sollstellungab", "mieteab", "ledgerab"],
} satisfies Record<ImportColumn, string[]>)) {
  for (const name of names) ALIASES[name] = column as ImportColumn;
}

const PAYMENT_METHODS: Record<string, z.infer<typeof paymentMethod>> = {
  "sepa-lastschrift": "sepa_direct_debit",
  "sepa lastschrift": "sepa_direct_debit",
  sepa: "sepa_direct_debit",
  lastschrift: "sepa_direct_debit",
  sepa_direct_debit: "sepa_direct_debit",
  überweisung: "bank_transfer",
  ueberweisung: "bank_transfer",
  bank_transfer: "bank_transfer",
  dauerauftrag: "standing_order",
  standing_order: "standing_order",
};

/** "Fälligkeitstag", "E-Mail", "IBAN (letzte 4)", "NK-Vorauszahlung" → faelligkeitstag, email, ibanletzte4, nkvorauszahlung. */
export function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]/g, "");
}

/**
 * The file's text: UTF-8 (with or without byte-order mark) or, when the bytes are not valid
 * UTF-8, Windows-1252 as Excel's "CSV (Trennzeichen-getrennt)" saves it. The console decodes the
 * same way in the browser; the command line reads bytes and decodes here.
 */
export function decodeSheet(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export interface ParsedImportRow {
  /** Line in the file (the header is line 1); a row with a line break in a cell spans more. */
  line: number;
  firstName: string;
  lastName: string;
  email: string | null;
  /** As written (or combined from street, house number, PLZ and town); the repository finds the building. */
  building: string;
  unit: string | null;
  startDate: string;
  baseRentCents: number | null;
  utilitiesCents: number | null;
  paymentMethod: string;
  dueDay: number | null;
  ibanLast4: string | null;
  /** Positive: arrears the tenant owes at takeover; negative: credit. */
  openingBalanceCents: number;
  /** YYYY-MM of the first month to charge, when the file says (Erster Monat, or the month after Bezahlt bis). */
  firstPeriod: string | null;
  /** The row's cells as in the file (for the list of refused rows). */
  cells: string[];
  problems: string[];
  warnings: string[];
}

/** "550", "550,5", "1.234,56", "1234.56" → cents; null when it is not an amount. */
export function parseEuroCents(text: string): number | null {
  const t = text.replace(/\s|€|EUR/g, "");
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

/** parseEuroCents with a sign: "-120,00", "−120,00", "120,00-" (as accounting exports write it). */
export function parseSignedEuroCents(text: string): number | null {
  const t = text.replace(/\s/g, "").replace(/\u2212/g, "-");
  const negative = /^-/.test(t) || /-$/.test(t);
  const cents = parseEuroCents(t.replace(/^[-+]|-$/g, ""));
  return cents === null ? null : negative ? -cents : cents;
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

/** "11.2026", "11/2026", "2026-11" or a day of that month ("30.11.2026") → "2026-11"; null otherwise. */
export function parseImportMonth(text: string): string | null {
  const day = parseImportDate(text);
  if (day) return day.slice(0, 7);
  const german = /^(\d{1,2})[./](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{1,2})$/.exec(text);
  const [year, month] = german ? [german[2]!, german[1]!] : iso ? [iso[1]!, iso[2]!] : [null, null];
  if (!year || !month || Number(month) < 1 || Number(month) > 12) return null;
  return `${year}-${month.padStart(2, "0")}`;
}

/** The month after a YYYY-MM. */
const nextMonth = (period: string): string => {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
};

const emailCheck = z.email();

export interface ParsedImport {
  fileProblems: string[];
  /** About the file as a whole, nothing refused (ignored columns). */
  fileWarnings: string[];
  /** The header's cells as in the file. */
  header: string[];
  delimiter: string;
  rows: ParsedImportRow[];
}

/** Whitespace of any kind (a line break in a cell, tabs, non-breaking spaces) as one space. */
const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

/** Reads the file and checks every row on its own; never throws on bad input. */
export function parseTenantCsv(file: string): ParsedImport {
  // One kind of line end: csv-parse counts a CRLF inside a quoted cell as two lines.
  const text = file.replace(/\r\n?/g, "\n");
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") ? ";" : firstLine.includes("\t") ? "\t" : ",";
  const empty = { fileWarnings: [], header: [], delimiter, rows: [] };
  let parsed: { info: { lines: number }; record: string[] }[];
  try {
    parsed = parse(text, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      // Excel writes ";;;;;;" for a row left empty.
      skip_records_with_empty_values: true,
      relax_column_count: true,
      // A bare " inside a cell that is not quoted (12" Fenster) is text.
      relax_quotes: true,
      info: true,
    }) as unknown as { info: { lines: number }; record: string[] }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return {
      ...empty,
      fileProblems: [
        `Die Datei ist kein lesbares CSV${line ? ` (ab Zeile ${line})` : ""}: Ein Anführungszeichen ist nicht geschlossen. Bitte in Excel „Speichern unter“ → „CSV (Trennzeichen-getrennt)“ wählen.`,
      ],
    };
  }
  const records = parsed.map((r) => r.record);
  const [header, ...body] = records;
  if (!header) return { ...empty, fileProblems: ["Die Datei ist leer."] };
  const fileProblems: string[] = [];
  const fileWarnings: string[] = [];
  const index = new Map<ImportColumn, number>();
  const ignored: string[] = [];
  const doubled = new Set<string>();
  header.forEach((raw, i) => {
    const name = tidy(raw);
    const column = ALIASES[headerKey(name)];
    if (column) {
      if (index.has(column)) doubled.add(`„${name}“ (${LABELS[column]})`);
      else index.set(column, i);
    } else if (name !== "") {
      ignored.push(`„${name}“`);
    } else if (body.some((record) => tidy(record[i] ?? "") !== "")) {
      ignored.push(`Spalte ${i + 1} (ohne Überschrift)`);
    }
  });
  if (ignored.length > 0) {
    fileWarnings.push(
      `${ignored.length > 1 ? "Diese Spalten werden" : "Diese Spalte wird"} ignoriert: ${ignored.join(", ")}. ` +
        "Bekannte Spalten stehen in der Hilfe (docs/tenant-import.md).",
    );
  }
  if (doubled.size > 0) {
    fileProblems.push(
      `Eine Spalte steht doppelt in der Kopfzeile: ${[...doubled].join(", ")}. Bitte eine davon löschen oder umbenennen.`,
    );
  }
  const required: ImportColumn[] = ["vorname", "nachname", "beginn", "kaltmiete", "nebenkosten"];
  const missing = required.filter((c) => !index.has(c)).map((c) => LABELS[c]);
  if (!index.has("gebaeude") && !index.has("strasse")) missing.push("Gebäude (oder Straße, PLZ und Ort)");
  if (missing.length > 0) {
    fileProblems.push(
      `In der Kopfzeile ${missing.length > 1 ? "fehlen die Spalten" : "fehlt die Spalte"} ${missing.join(", ")}. ` +
        `Gefunden: ${header.map(tidy).filter(Boolean).join(", ") || "nichts"}.`,
    );
  }
  if (body.length === 0) fileProblems.push("Die Datei enthält keine Mieter (nur die Kopfzeile).");
  if (body.length > IMPORT_MAX_ROWS) {
    fileProblems.push(
      `Höchstens ${IMPORT_MAX_ROWS} Mieter je Datei; diese hat ${body.length}. Bitte in mehrere Dateien teilen.`,
    );
  }
  const headerCells = header.map(tidy);
  if (fileProblems.length > 0) return { fileProblems, fileWarnings, header: headerCells, delimiter, rows: [] };

  // info.lines is the file line a record ends on (records may span lines inside quotes).
  const lineNumbers = parsed.map((r) => r.info.lines - (r.record.join(delimiter).split("\n").length - 1));
  const rows = body.map((record, i): ParsedImportRow => {
    const problems: string[] = [];
    const warnings: string[] = [];
    const cell = (column: ImportColumn) => {
      const at = index.get(column);
      return at === undefined ? "" : tidy(record[at] ?? "");
    };
    const extra = record.slice(header.length).map(tidy).filter(Boolean);
    if (extra.length > 0) {
      problems.push(
        `Die Zeile hat mehr Zellen als die Kopfzeile Spalten (${extra.map((v) => `„${v}“`).join(", ")}): steht irgendwo ein Trennzeichen zu viel?`,
      );
    }
    const has = (column: ImportColumn) => cell(column) !== "";
    for (const column of ["vorname", "nachname", "beginn", "kaltmiete", "nebenkosten"] as const) {
      if (!has(column)) problems.push(`${LABELS[column]} fehlt.`);
    }
    for (const column of ["vorname", "nachname"] as const) {
      if (cell(column).length > LIMITS.nameMax) {
        problems.push(`${LABELS[column]} „${cell(column)}“ ist zu lang (höchstens ${LIMITS.nameMax} Zeichen).`);
      }
    }
    for (const column of IMPORT_COLUMNS) {
      if ([...cell(column)].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
        problems.push(`${LABELS[column]} „${cell(column)}“ enthält ein Steuerzeichen.`);
    }
    const email = cell("email");
    if (email && (email.length > LIMITS.emailMax || !emailCheck.safeParse(email).success)) {
      problems.push(`Die E-Mail-Adresse „${email}“ ist ungültig.`);
    }

    // The building: its address in one cell, or street (+ number), PLZ and town in their own.
    let building = cell("gebaeude");
    if (!building && has("strasse")) {
      let plz = cell("plz");
      if (/^\d{4}$/.test(plz)) {
        warnings.push(`PLZ „${plz}“ zu „0${plz}“ ergänzt (Excel lässt führende Nullen weg) – bitte prüfen.`);
        plz = `0${plz}`;
      }
      const street = [cell("strasse"), cell("hausnummer")].filter(Boolean).join(" ");
      const town = [plz, cell("ort")].filter(Boolean).join(" ");
      building = [street, town].filter(Boolean).join(", ");
    }
    if (!building) problems.push(index.has("gebaeude") ? "Gebäude fehlt." : "Straße fehlt.");

    const unit = cell("wohnung");
    if (unit.length > 50) problems.push(`Die Wohnung „${unit}“ ist zu lang (höchstens 50 Zeichen).`);
    const startText = cell("beginn");
    const startDate = startText ? parseImportDate(startText) : null;
    if (startText && !startDate) {
      problems.push(`Der Beginn „${startText}“ ist kein gültiges Datum (TT.MM.JJJJ, z. B. 01.03.2019).`);
    }
    const amount = (column: "kaltmiete" | "nebenkosten") => {
      const value = cell(column);
      if (!value) return null;
      const cents = parseEuroCents(value);
      if (cents === null || cents > 10_000_000) {
        problems.push(`${LABELS[column]} „${value}“ ist kein gültiger Betrag (z. B. 550,00).`);
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
    const dueText = cell("faelligkeitstag").replace(/\.$/, "");
    const dueDay = dueText === "" ? 3 : /^\d{1,2}$/.test(dueText) ? Number(dueText) : Number.NaN;
    if (!(dueDay >= 1 && dueDay <= 31)) {
      problems.push(`Der Fälligkeitstag „${cell("faelligkeitstag")}“ muss eine Zahl von 1 bis 31 sein.`);
    }

    let ibanLast4: string | null = null;
    const ibanText = cell("iban_letzte4");
    const iban = ibanText.replace(/\s/g, "");
    if (/^\d{4}$/.test(iban)) {
      ibanLast4 = iban;
    } else if (/^\d{1,3}$/.test(iban)) {
      ibanLast4 = iban.padStart(4, "0");
      warnings.push(
        `IBAN (letzte 4) „${ibanText}“ zu „${ibanLast4}“ ergänzt (Excel lässt führende Nullen weg) – bitte prüfen.`,
      );
    } else if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/i.test(iban) && /\d{4}$/.test(iban)) {
      ibanLast4 = iban.slice(-4);
      warnings.push(`Statt der ganzen IBAN „${ibanText}“ werden nur die letzten vier Ziffern gespeichert.`);
    } else if (iban) {
      problems.push(`IBAN (letzte 4) „${ibanText}“: bitte genau die letzten vier Ziffern der IBAN angeben.`);
    }

    // The account at takeover: Saldo (positive: the tenant owes; negative: credit) or Guthaben.
    let openingBalanceCents = 0;
    for (const column of ["saldo", "guthaben"] as const) {
      const value = cell(column);
      if (!value) continue;
      const cents = parseSignedEuroCents(value);
      if (cents === null || Math.abs(cents) > 10_000_000) {
        problems.push(`${LABELS[column]} „${value}“ ist kein gültiger Betrag (z. B. 120,00 oder -50,00).`);
      } else if (column === "guthaben" && openingBalanceCents !== 0 && cents !== 0) {
        problems.push(`Saldo „${cell("saldo")}“ und Guthaben „${value}“ zugleich: bitte nur eines angeben.`);
      } else {
        openingBalanceCents += column === "guthaben" ? -Math.abs(cents) : cents;
      }
    }
    let firstPeriod: string | null = null;
    const paidUntil = cell("bezahlt_bis");
    if (paidUntil) {
      const month = parseImportMonth(paidUntil);
      if (!month) problems.push(`Bezahlt bis „${paidUntil}“ ist kein Monat (MM.JJJJ, z. B. 11.2026).`);
      else firstPeriod = nextMonth(month);
    }
    const firstText = cell("erster_monat");
    if (firstText) {
      const month = parseImportMonth(firstText);
      if (!month) problems.push(`Erster Monat „${firstText}“ ist kein Monat (MM.JJJJ, z. B. 12.2026).`);
      else if (firstPeriod && firstPeriod !== month) {
        problems.push(
          `Bezahlt bis „${paidUntil}“ und Erster Monat „${firstText}“ widersprechen sich: bitte nur eines angeben.`,
        );
      } else firstPeriod = month;
    }

    return {
      line: lineNumbers[i + 1] ?? i + 2,
      firstName: cell("vorname"),
      lastName: cell("nachname"),
      email: email || null,
      building,
      unit: unit || null,
      startDate: startDate ?? startText,
      baseRentCents,
      utilitiesCents,
      paymentMethod: method ?? methodText,
      dueDay: Number.isNaN(dueDay) ? null : dueDay,
      ibanLast4,
      openingBalanceCents,
      firstPeriod,
      cells: record.slice(0, header.length).map(tidy),
      problems,
      warnings,
    };
  });
  return { fileProblems, fileWarnings, header: headerCells, delimiter, rows };
}

/** One CSV cell, quoted when it must be. */
const csvCell = (text: string, delimiter: string) =>
  text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/**
 * The refused rows as a file of their own, in the same columns plus "Problem", to correct and
 * import again (UTF-8 with byte-order mark and CRLF, so Excel opens it with its umlauts).
 */
export function refusedRowsCsv(parsed: ParsedImport, refused: { cells: string[]; problems: string[] }[]): string {
  const d = parsed.delimiter;
  const lines = [[...parsed.header, "Problem"], ...refused.map((r) => [...r.cells, r.problems.join(" ")])].map(
    (cells) => cells.map((c) => csvCell(c, d)).join(d),
  );
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
