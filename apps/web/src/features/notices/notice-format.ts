import { EMERGENCY_TYPE_LABELS, formatOutageWindow, type TenantNotice } from "@mieter-portal/contracts";
import { formatShortDate, formatTime } from "@/lib/format";
import { noticeTexts } from "./texts";

/** "Störung: Wasserausfall" or "Information" — said in words, never by colour alone. */
export function noticeKindLabel(notice: Pick<TenantNotice, "kind" | "emergency_type">): string {
  if (notice.kind !== "emergency") return noticeTexts.information;
  const type = notice.emergency_type ?? "other";
  return type === "other" ? noticeTexts.emergency : `${noticeTexts.emergency}: ${EMERGENCY_TYPE_LABELS[type]}`;
}

const at = (instant: string) => noticeTexts.at(formatShortDate(instant), formatTime(instant));

/**
 * When it applies, in Berlin time: the outage's own window when it has one ("Zeitraum: Di., 24. Nov.
 * 2026, 8:00 – 16:00 Uhr", issue 25 item 21), otherwise how long the notice is shown ("23.11.2026,
 * 08:00 Uhr bis 24.11.2026, 18:00 Uhr"). A copy cached before windows existed has neither field.
 */
export function noticePeriod(
  notice: Pick<TenantNotice, "valid_from" | "valid_until"> &
    Partial<Pick<TenantNotice, "outage_from" | "outage_until">>,
): string {
  if (notice.outage_from && notice.outage_until) {
    return noticeTexts.outageWindow(formatOutageWindow(notice.outage_from, notice.outage_until));
  }
  return notice.valid_until
    ? noticeTexts.period(at(notice.valid_from), at(notice.valid_until))
    : noticeTexts.untilFurtherNotice(at(notice.valid_from));
}

/** Emergencies first (they are what the tenant must see), otherwise the server's order (newest first). */
export function emergenciesFirst<T extends Pick<TenantNotice, "kind">>(notices: T[]): T[] {
  return [...notices.filter((n) => n.kind === "emergency"), ...notices.filter((n) => n.kind !== "emergency")];
}
