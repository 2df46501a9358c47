import type { BadgeTone } from "@/components/ui/badge";

export const paymentTexts = {
  nextPayment: "Nächste Mietzahlung",
  none: "Keine anstehende Zahlung",
  due: "Fällig am",
  details: "Zu den Finanzen",
  loadError: "Die Zahlungsdaten konnten nicht geladen werden.",
} as const;

/** paid 'Bezahlt', pending 'Ausstehend', anything else 'Überfällig' (spec section 4). */
export function paymentStatusLabel(status: string): { label: string; tone: BadgeTone } {
  if (status === "paid") return { label: "Bezahlt", tone: "success" };
  if (status === "pending") return { label: "Ausstehend", tone: "warning" };
  return { label: "Überfällig", tone: "danger" };
}
