import { EMERGENCY_TYPE_LABELS, type EmergencyType } from "@mieter-portal/contracts";
import { NOTICE_STATUS_LABELS, type NoticeStatus, type StaffNotice } from "@mieter-portal/contracts/staff";
import type { BadgeTone } from "@mieter-portal/ui/badge";

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
