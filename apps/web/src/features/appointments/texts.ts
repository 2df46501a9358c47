import type { BadgeTone } from "@/components/ui/badge";

export const appointmentTexts = {
  upcoming: "Anstehende Termine",
  empty: "Keine anstehenden Termine",
  reschedule: "Verschieben",
  confirm: "Bestätigen",
  rescheduleLabel: (title: string) => `Verschieben: ${title}`,
  confirmLabel: (title: string) => `Bestätigen: ${title}`,
  viewAll: "Alle ansehen",
} as const;

/** confirmed 'Bestätigt', pending 'Ausstehend', anything else 'Abgeschlossen' (spec section 4). */
export function appointmentStatusLabel(status: string): { label: string; tone: BadgeTone } {
  if (status === "confirmed") return { label: "Bestätigt", tone: "success" };
  if (status === "pending") return { label: "Ausstehend", tone: "warning" };
  return { label: "Abgeschlossen", tone: "neutral" };
}

/** Spec section 9: the dashboard shows the next 2 appointments. */
export const DASHBOARD_APPOINTMENT_COUNT = 2;
