import type { MailContext } from "../notifications/notify.js";

/**
 * The tenants module's mail texts (German), pure functions of their data; the callers write them to
 * the outbox (decision 037).
 */

const berlinDateTime = (iso: string) =>
  new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));

/** The invitation mail's subject. */
export const invitationMailSubject = (mail: Pick<MailContext, "company">) =>
  `${mail.company}: Ihre Einladung in das Mieter-Portal`;

/** The German invitation mail: what the portal is, the link, how long it works. */
export function invitationMailText(
  mail: MailContext,
  tenant: { firstName: string; lastName: string },
  link: string,
  expiresAt: string,
): string {
  return [
    `Guten Tag ${tenant.firstName} ${tenant.lastName},`,
    "",
    `${mail.company} lädt Sie in das Mieter-Portal ein. Dort sehen Sie Ihre Mietzahlungen und Dokumente, melden Reparaturen, vereinbaren Termine und schreiben uns Nachrichten.`,
    "",
    "Bitte legen Sie über diesen Link Ihr Passwort fest:",
    link,
    "",
    `Der Link gilt bis ${berlinDateTime(expiresAt)} Uhr und nur einmal. Ist er abgelaufen, senden wir Ihnen gern einen neuen.`,
    "Danach melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.",
    "",
    "Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
    "",
    `Ihr Team von ${mail.company}`,
  ].join("\n");
}
