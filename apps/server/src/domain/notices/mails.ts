import { EMERGENCY_TYPE_LABELS, type EmergencyType, formatOutageWindow } from "@mieter-portal/contracts";
import type { Selectable } from "kysely";
import type { NoticesTable } from "../../db/types.js";
import type { MailContext } from "../notifications/notify.js";

/**
 * The notices module's mail texts (German): pure functions of their data; the callers write them to
 * the outbox (decision 037).
 */

/** The mail of an emergency notice (Störung) to the tenants it concerns: subject and lines. */
export function emergencyMail(
  ctx: MailContext,
  notice: Pick<
    Selectable<NoticesTable>,
    "emergency_type" | "outage_from" | "outage_until" | "building_id" | "title" | "body"
  >,
): { subject: string; lines: string[] } {
  const label = EMERGENCY_TYPE_LABELS[(notice.emergency_type as EmergencyType | null) ?? "other"];
  // The outage's own time (issue 25 item 21), never the validity: that only says how long the notice
  // is shown. Every outage has a window (outageWindowProblems), so the line is always there.
  const period =
    notice.outage_from && notice.outage_until
      ? [`Zeitraum: ${formatOutageWindow(notice.outage_from, notice.outage_until)}`]
      : [];
  const lines = [
    notice.building_id === null
      ? "die Hausverwaltung informiert alle Häuser über eine Störung:"
      : "die Hausverwaltung informiert über eine Störung in Ihrem Haus:",
    "",
    `${label}: ${notice.title}`,
    ...period,
    "",
    notice.body,
    "",
    "Betrifft Sie das auch? Tippen Sie im Mieter-Portal beim Aushang auf „Betrifft mich auch“ – eine eigene Reparaturmeldung ist dafür nicht nötig.",
  ];
  return { subject: `${ctx.company}: ${label} – ${notice.title}`, lines };
}
