import { compactIban, isValidIban, LIMITS } from "@mieter-portal/contracts";
import { parse } from "csv-parse/sync";
import { z } from "zod";
import {
  ALIASES,
  headerKey,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  LABELS,
  nextMonth,
  PAYMENT_METHODS,
  type ParsedImportRow,
  parseEuroCents,
  parseImportDate,
  parseImportMonth,
  parseSignedEuroCents,
} from "./tenant-csv-fields.js";

/**
 * The tenant import file (issue 14 §1, issue 24 items 5 and 9; format in docs/tenant-import.md,
 * decision 028): a sheet as Excel saves it — "CSV (Trennzeichen-getrennt)" in Windows-1252 or
 * "CSV UTF-8" with a byte-order mark, separated by semicolons (or commas), with empty trailing
 * columns, line breaks inside quoted cells and the common German header names. Read with
 * csv-parse. This module checks each row on its own; the repository adds what needs the database
 * (buildings in scope, tenants already there, the first month charged).
 * Its columns and cell parsers: tenant-csv-fields.ts.
 */

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

    // A signed SEPA mandate from the old system: kept with its reference (the bank knows it by that).
    let mandate: ParsedImportRow["mandate"] = null;
    const ibanCell = cell("iban");
    const signedCell = cell("mandat_vom");
    const referenceCell = cell("mandatsreferenz");
    if (ibanCell || signedCell || referenceCell) {
      const full = compactIban(ibanCell);
      const signedOn = signedCell ? parseImportDate(signedCell) : null;
      if (!ibanCell) problems.push("Für das SEPA-Mandat fehlt die IBAN.");
      else if (!isValidIban(full))
        problems.push(`IBAN „${ibanCell}“ ist ungültig (Prüfziffer oder Länge stimmt nicht).`);
      if (!signedCell) problems.push("Für das SEPA-Mandat fehlt das Datum der Unterschrift (Mandat vom).");
      else if (!signedOn) problems.push(`Mandat vom „${signedCell}“ ist kein gültiges Datum (TT.MM.JJJJ).`);
      if (referenceCell && !/^[A-Za-z0-9+?/\-:().,']{1,35}$/.test(referenceCell)) {
        problems.push(
          `Mandatsreferenz „${referenceCell}“: höchstens 35 Zeichen, nur Buchstaben, Ziffern und + ? / - : ( ) . , ' (keine Leerzeichen).`,
        );
      }
      if (method && method !== "sepa_direct_debit")
        problems.push("Ein SEPA-Mandat passt nur zur Zahlungsart SEPA-Lastschrift.");
      const holder = cell("kontoinhaber") || `${cell("vorname")} ${cell("nachname")}`.trim();
      if (holder.length > 70) problems.push(`Kontoinhaber „${holder}“ ist zu lang (höchstens 70 Zeichen).`);
      mandate = { iban: full, signedOn: signedOn ?? signedCell, reference: referenceCell || null, debtorName: holder };
      if (!ibanLast4 && isValidIban(full)) ibanLast4 = full.slice(-4);
      warnings.push(
        `SEPA-Mandat vom ${signedCell} wird übernommen${referenceCell ? ` (Mandatsreferenz ${referenceCell})` : " (die Mandatsreferenz vergibt das Portal)"}.`,
      );
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
      mandate,
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
