import { STAFF_ROLE_LABELS, type StaffRole } from "@mieter-portal/contracts/staff";
import type { MailContext } from "../notifications/notify.js";

/**
 * The staff module's mail texts (German): pure functions of their data; the callers write them to
 * the outbox (decision 037).
 */

/** The invitation into the console: the one-time link to set the first password. */
export function staffInvitationMail(
  mail: MailContext,
  staff: { name: string; role: StaffRole },
  invitedBy: string,
  link: string,
  ttlHours: number,
): { subject: string; body: string } {
  const lines = [
    `Guten Tag ${staff.name},`,
    "",
    `${invitedBy} hat Sie in die Verwaltung des Mieter-Portals von ${mail.company} eingeladen (Rolle: ${STAFF_ROLE_LABELS[staff.role]}).`,
    "",
    `Bitte legen Sie über diesen Link Ihr Passwort fest. Der Link gilt ${ttlHours} Stunden und nur einmal:`,
    link,
    ...(staff.role === "administrator"
      ? ["", "Als Administrator richten Sie dabei auch den zweiten Faktor mit einer Authenticator-App ein."]
      : []),
    "",
    "Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
    "",
    `Ihr Team von ${mail.company}`,
  ];
  return { subject: `${mail.company}: Einladung in die Verwaltung des Mieter-Portals`, body: lines.join("\n") };
}
