import {
  type ImportLineStatus,
  importLineStatus,
  type LedgerCharge,
  type LedgerPayment,
} from "@mieter-portal/contracts/staff";
import type { BadgeTone } from "@mieter-portal/ui/badge";

/** The spec's rent payment texts: paid 'Bezahlt', pending 'Ausstehend', anything else 'Überfällig'. */
export const CHARGE_STATUS: Record<LedgerCharge["status"], { label: string; tone: BadgeTone }> = {
  paid: { label: "Bezahlt", tone: "success" },
  pending: { label: "Ausstehend", tone: "neutral" },
  overdue: { label: "Überfällig", tone: "danger" },
};

export const PAYMENT_SOURCE: Record<LedgerPayment["source"], string> = {
  manual: "Von Hand",
  csv: "Kontoauszug (CSV)",
  camt: "Kontoauszug (CAMT.053)",
  opening: "Guthaben aus der Übernahme",
};

/** A statement line's status in German; `order` puts what needs a look first. */
export const LINE_STATUS: Record<ImportLineStatus, { label: string; tone: BadgeTone; order: number }> = {
  possible_duplicate: { label: "Möglicherweise bereits gebucht", tone: "warning", order: 0 },
  unmatched: { label: "Nicht zugeordnet", tone: "warning", order: 1 },
  refused: { label: "Abgelehnt", tone: "danger", order: 2 },
  other_building: { label: "Anderes Gebäude", tone: "neutral", order: 3 },
  pending: { label: "Vorgemerkt", tone: "neutral", order: 4 },
  match: { label: "Zugeordnet", tone: "success", order: 5 },
  duplicate: { label: "Bereits gebucht", tone: "neutral", order: 6 },
  ignored: { label: "Nicht berücksichtigt", tone: "neutral", order: 7 },
};

/** The statuses in the order the import screen shows them (problems first). */
export const LINE_STATUS_ORDER = [...importLineStatus.options].sort(
  (a, b) => LINE_STATUS[a].order - LINE_STATUS[b].order,
);

/** "750", "750,5", "1.234,56", "750.00" → euros; undefined when it is not an amount. */
export function parseEuros(text: string): number | undefined {
  let t = text.replace(/\s|€/g, "");
  if (t === "") return undefined;
  if (t.includes(",")) t = t.replace(/\./g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Number(t);
}
