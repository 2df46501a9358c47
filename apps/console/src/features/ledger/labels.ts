import type { ImportLineStatus, LedgerCharge, LedgerPayment } from "@mieter-portal/contracts/staff";
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

export const LINE_STATUS: Record<ImportLineStatus, { label: string; tone: BadgeTone }> = {
  match: { label: "Zugeordnet", tone: "success" },
  unmatched: { label: "Nicht zugeordnet", tone: "warning" },
  duplicate: { label: "Bereits gebucht", tone: "neutral" },
  ignored: { label: "Nicht berücksichtigt", tone: "neutral" },
};

/** "750", "750,5", "1.234,56", "750.00" → euros; undefined when it is not an amount. */
export function parseEuros(text: string): number | undefined {
  let t = text.replace(/\s|€/g, "");
  if (t === "") return undefined;
  if (t.includes(",")) t = t.replace(/\./g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Number(t);
}
