import { BETRKV_CATEGORY_LABELS } from "@mieter-portal/contracts/services";
import { germanDateOf } from "../../lib/time.js";
import { csvCell } from "../meter-readings/campaign-csv.js";
import { PROOF_STATUS_LABELS, type ServiceProof } from "./proof.js";
import { clockOn, conditionsText, minutesBetween, onSiteText, shortHash } from "./proof-text.js";

/**
 * The Leistungsnachweis as CSV for German Excel (decision 049): UTF-8 with a byte-order mark,
 * semicolons, CRLF, dates DD.MM.YYYY, Berlin times HH:MM, every text cell formula-safe (the meter
 * campaign export's csvCell). One line per Einsatz, in the PDF's order; the totals are in the PDF.
 */

export const SERVICE_PROOF_CSV_HEADERS = [
  "Datum",
  "Leistung",
  "Betriebskostenart",
  "Umlagefähig",
  "Geplantes Zeitfenster",
  "Verschoben vom",
  "Status",
  "Beginn (Gerät)",
  "Beginn (Server)",
  "Ende (Gerät)",
  "Ende (Server)",
  "Dauer (Min.)",
  "Mitarbeiter (Vorname)",
  "Team",
  "Checkliste erledigt",
  "Checkliste gesamt",
  "Fotos",
  "Am Objekt",
  "Material",
  "Bedingungen",
  "Bemerkung",
  "Prüfsumme (kurz)",
  "Prüfsumme (SHA-256)",
  "Korrektur",
] as const;

const timeOn = (date: string, iso: string | null) => (iso ? clockOn(date, iso) : "");

export function serviceProofCsv(proof: ServiceProof): string {
  const lines = [SERVICE_PROOF_CSV_HEADERS.join(";")];
  for (const row of proof.rows) {
    const r = row.record;
    const sealed = !!r?.hash;
    lines.push(
      [
        germanDateOf(row.date),
        csvCell(row.serviceName),
        csvCell(BETRKV_CATEGORY_LABELS[row.category]),
        row.category === "none" ? "nein" : "ja",
        row.window ? `${row.window.start}–${row.window.end}` : "ungeplant",
        row.movedFrom ? germanDateOf(row.movedFrom) : "",
        PROOF_STATUS_LABELS[row.status],
        r ? timeOn(row.date, r.startedAt) : "",
        r ? timeOn(row.date, r.startedAtServer) : "",
        r ? timeOn(row.date, r.finishedAt) : "",
        r ? timeOn(row.date, r.finishedAtServer) : "",
        r?.finishedAt ? String(minutesBetween(r.startedAt, r.finishedAt)) : "",
        r ? csvCell(r.crewFirstName) : "",
        r?.team ? csvCell(r.team) : "",
        sealed ? String(r.checklistDone) : "",
        sealed ? String(r.checklistTotal) : "",
        r ? String(r.photos) : "",
        r ? onSiteText(r) : "",
        r ? csvCell(r.materials) : "",
        r ? csvCell(conditionsText(r.conditions)) : "",
        r ? csvCell(r.remark) : "",
        r?.hash ? shortHash(r.hash) : "",
        r?.hash ?? "",
        r?.correction ? csvCell(r.correction) : "",
      ].join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
