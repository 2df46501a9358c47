import { EMERGENCY_TYPE_LABELS, type EmergencyType, formatOutageWindow } from "@mieter-portal/contracts";
import { NOTICE_STATUS_LABELS, type NoticeStatus, type StaffNotice } from "@mieter-portal/contracts/staff";
import type { BadgeTone } from "@mieter-portal/ui/badge";
import { formatDateTime } from "@/lib/format";

export const NOTICE_STATUS: Record<NoticeStatus, { label: string; tone: BadgeTone }> = {
  current: { label: NOTICE_STATUS_LABELS.current, tone: "success" },
  scheduled: { label: NOTICE_STATUS_LABELS.scheduled, tone: "warning" },
  ended: { label: NOTICE_STATUS_LABELS.ended, tone: "neutral" },
};

/** The kinds of outage the form offers; "other" last. */
export const EMERGENCY_TYPES: EmergencyType[] = ["water_outage", "heating_failure", "lift_out_of_order", "other"];

/** "Störung: Wasserausfall" or "Information". */
export function noticeKindLabel(notice: Pick<StaffNotice, "kind" | "emergency_type">): string {
  if (notice.kind !== "emergency") return "Information";
  const type = notice.emergency_type ?? "other";
  return type === "other" ? "Störung" : `Störung: ${EMERGENCY_TYPE_LABELS[type]}`;
}

export const emergencyTypeLabel = (type: EmergencyType) =>
  type === "other" ? "Sonstige Störung" : EMERGENCY_TYPE_LABELS[type];

/** The notice's building, or every building. */
export const noticeAudience = (notice: Pick<StaffNotice, "building">) => notice.building?.name ?? "Alle Gebäude";

/** How long tenants see it: "01.12.2026, 08:00 Uhr bis 05.12.2026, 18:00 Uhr" or "Ab …, bis auf Weiteres". */
export function noticeValidity(notice: Pick<StaffNotice, "valid_from" | "valid_until">): string {
  return notice.valid_until
    ? `${formatDateTime(notice.valid_from)} bis ${formatDateTime(notice.valid_until)}`
    : `Ab ${formatDateTime(notice.valid_from)}, bis auf Weiteres`;
}

/**
 * When the outage itself runs, as the mail and the tenant app say it ("Zeitraum: Di., 1. Dez. 2026,
 * 8:00 – 12:00 Uhr", issue 25 item 21); null for a notice without a window.
 */
export function noticeOutageWindow(notice: Pick<StaffNotice, "outage_from" | "outage_until">): string | null {
  return notice.outage_from && notice.outage_until
    ? `Zeitraum: ${formatOutageWindow(notice.outage_from, notice.outage_until)}`
    : null;
}
