import { STAFF_RESET_PAGE_PATH, STAFF_RESET_TOKEN_TTL_SECONDS } from "@mieter-portal/contracts/staff";
import type { AppConfig } from "../config.js";
import type { Mailer } from "./mailer.js";

/**
 * The console page a staff reset mail links to. The token travels in the URL fragment, which
 * browsers never send to a server (as the tenants' reset and the staff invitation).
 */
export const staffResetLink = (config: AppConfig, token: string) =>
  `${config.publicUrl}${STAFF_RESET_PAGE_PATH}#token=${encodeURIComponent(token)}`;

/** The German mail with the one-time link ("Passwort vergessen?" on the staff login, decision 033). */
export async function sendStaffResetMail(
  mailer: Mailer,
  config: AppConfig,
  mail: { to: string; name: string; link: string },
): Promise<void> {
  const company = config.brand.companyName;
  await mailer.send({
    to: mail.to,
    subject: `${company}: Passwort für die Verwaltung zurücksetzen`,
    text: [
      `Guten Tag ${mail.name},`,
      "",
      "Sie haben angefordert, Ihr Passwort für die Verwaltung des Mieter-Portals zurückzusetzen.",
      `Öffnen Sie diesen Link innerhalb von ${STAFF_RESET_TOKEN_TTL_SECONDS / 60} Minuten, um ein neues Passwort festzulegen. Der Link gilt nur einmal:`,
      "",
      mail.link,
      "",
      "Danach melden Sie sich wie gewohnt an, mit dem Code aus Ihrer Authenticator-App, falls Sie die Zwei-Faktor-Anmeldung eingerichtet haben.",
      "",
      "Falls Sie das nicht waren, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.",
      "",
      `Ihr Team von ${company}`,
    ].join("\n"),
  });
}
