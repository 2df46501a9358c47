import { type CsvMappingRequest, csvMapping } from "@mieter-portal/contracts/staff";
import { z } from "zod";
import { into } from "@/components/form-schema";

/** The API takes up to ten Verwendungszweck columns (contracts csvMapping). */
export const MAX_REMITTANCE_COLUMNS = 10;

export const DATE_FORMATS = [
  { value: "DD.MM.YYYY", label: "TT.MM.JJJJ (03.11.2026)" },
  { value: "DD.MM.YY", label: "TT.MM.JJ (03.11.26)" },
  { value: "YYYY-MM-DD", label: "JJJJ-MM-TT (2026-11-03)" },
] as const;

/** The optional columns, in the order of the screen, with their labels and what they do. */
export const OPTIONAL_COLUMNS = [
  { key: "value_on", label: "Wertstellung (Valuta)", hint: null },
  { key: "payer_name", label: "Name des Zahlers", hint: null },
  {
    key: "payer_iban",
    label: "IBAN des Zahlers",
    hint: "Ohne diese Spalte wird die IBAN im Verwendungszweck gesucht.",
  },
  {
    key: "bank_ref",
    label: "Referenz der Bank",
    hint: "Eine Nummer je Buchung: erkennt sie sicher wieder, wenn derselbe Zeitraum noch einmal eingelesen wird.",
  },
  {
    key: "currency",
    label: "Währung",
    hint: "Zeilen in einer anderen Währung als EUR werden nicht gebucht. Ohne diese Spalte gilt jeder Betrag als Euro.",
  },
  {
    key: "status",
    label: "Status",
    hint: "Zeilen, deren Status „vorgemerkt“ oder „pending“ lautet, werden gezeigt, aber erst gebucht, wenn die Bank sie gebucht hat.",
  },
] as const;

/** What the form's inputs hold: a column's index as text, "" for none. */
export interface MappingValues {
  header_row: string;
  booked_on: string;
  amount_mode: "one" | "split";
  amount: string;
  debit: string;
  credit: string;
  remittance: { column: string }[];
  value_on: string;
  payer_name: string;
  payer_iban: string;
  bank_ref: string;
  currency: string;
  status: string;
  date_format: "" | (typeof DATE_FORMATS)[number]["value"];
}

export function emptyMapping(headerRow: number): MappingValues {
  return {
    header_row: String(headerRow),
    booked_on: "",
    amount_mode: "one",
    amount: "",
    debit: "",
    credit: "",
    remittance: [{ column: "" }],
    value_on: "",
    payer_name: "",
    payer_iban: "",
    bank_ref: "",
    currency: "",
    status: "",
    date_format: "",
  };
}

const column = (text: string) => (text === "" ? undefined : Number(text));

/**
 * The form's choices turned into the contracts' mapping: the messages a person needs next to
 * each field first (which column is missing), then the contracts' own schema.
 */
export const mappingSchema = z
  .object({
    header_row: z.string().min(1, { error: "Bitte die Zeile mit den Spaltennamen wählen." }),
    booked_on: z.string().min(1, { error: "Bitte die Spalte mit dem Buchungstag wählen." }),
    amount_mode: z.enum(["one", "split"]),
    amount: z.string(),
    debit: z.string(),
    credit: z.string(),
    remittance: z.array(z.object({ column: z.string() })).max(MAX_REMITTANCE_COLUMNS),
    value_on: z.string(),
    payer_name: z.string(),
    payer_iban: z.string(),
    bank_ref: z.string(),
    currency: z.string(),
    status: z.string(),
    date_format: z.enum(["", "DD.MM.YYYY", "DD.MM.YY", "YYYY-MM-DD"]),
  })
  .superRefine((v, ctx) => {
    const need = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (v.amount_mode === "one" && v.amount === "") {
      need(
        ["amount"],
        "Bitte die Spalte mit dem Betrag wählen – oder „Soll und Haben“, wenn die Bank zwei Spalten hat.",
      );
    }
    if (v.amount_mode === "split") {
      if (v.debit === "") need(["debit"], "Bitte die Spalte Soll (Ausgänge) wählen.");
      if (v.credit === "") need(["credit"], "Bitte die Spalte Haben (Eingänge) wählen.");
      if (v.debit !== "" && v.debit === v.credit) {
        need(["credit"], "Soll und Haben stehen in zwei verschiedenen Spalten; bitte die Spalte Haben prüfen.");
      }
    }
    v.remittance.forEach((r, i) => {
      if (r.column !== "") return;
      need(
        ["remittance", i, "column"],
        i === 0
          ? "Bitte die Spalte mit dem Verwendungszweck wählen."
          : "Bitte eine Spalte wählen oder diese Zeile entfernen.",
      );
    });
  })
  .transform(
    (v): CsvMappingRequest => ({
      header_row: Number(v.header_row),
      columns: {
        booked_on: Number(v.booked_on),
        ...(v.amount_mode === "one"
          ? { amount: column(v.amount) }
          : { debit: column(v.debit), credit: column(v.credit) }),
        remittance: v.remittance.map((r) => Number(r.column)),
        value_on: column(v.value_on),
        payer_name: column(v.payer_name),
        payer_iban: column(v.payer_iban),
        bank_ref: column(v.bank_ref),
        currency: column(v.currency),
        status: column(v.status),
      },
      ...(v.date_format ? { date_format: v.date_format } : {}),
    }),
  )
  .transform(into(csvMapping));
