import type { BadgeTone } from "@/components/ui/badge";

/** paid 'Bezahlt', pending 'Ausstehend', anything else 'Überfällig' (spec section 4). */
export function paymentStatusBadge(status: string): { label: string; tone: BadgeTone } {
  if (status === "paid") return { label: "Bezahlt", tone: "success" };
  if (status === "pending") return { label: "Ausstehend", tone: "warning" };
  return { label: "Überfällig", tone: "danger" };
}
