import { REPAIR_STATUS_LABELS } from "@mieter-portal/contracts";
import type { RepairStatusChangeRequest } from "@mieter-portal/contracts/staff";
import { germanDateOf } from "../../lib/time.js";
import { repairTitle } from "./repairs.js";

/**
 * The repairs module's mail texts (German): pure functions of their data; the callers write them to
 * the outbox (decision 037).
 */

export const REPAIR_STATUS_SUBJECT = "Neuigkeiten zu Ihrer Reparaturmeldung";

/** The lines of the mail that tells the tenant their repair's new status (and the management's note). */
export function repairStatusLines(
  before: { type: string; location: string },
  after: { planned_date: string | null; planned_window: string | null },
  change: RepairStatusChangeRequest,
  signature: string,
): string[] {
  const lines = [
    `zu Ihrer Reparaturmeldung „${repairTitle(before.type, before.location)}“ gibt es Neues.`,
    `Status: ${REPAIR_STATUS_LABELS[change.status]}`,
  ];
  if (after.planned_date) {
    lines.push(
      `Geplant am: ${germanDateOf(after.planned_date)}${after.planned_window ? `, ${after.planned_window}` : ""}`,
    );
  }
  if (change.status === "canceled" && change.reason) lines.push(`Grund: ${change.reason}`);
  if (change.note_to_tenant) lines.push("", `Nachricht der Hausverwaltung (${signature}):`, change.note_to_tenant);
  return lines;
}
