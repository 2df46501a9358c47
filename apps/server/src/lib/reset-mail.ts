import { RESET_TOKEN_TTL_SECONDS } from "@mieter-portal/contracts";
import type { AppConfig } from "../config.js";
import type { Mailer } from "./mailer.js";

/**
 * The link a reset mail carries. The token travels in the URL fragment, which browsers never send
 * to a server: it cannot reach a request log or a proxy's log; the /reset-password page reads it.
 */
export const resetLink = (config: AppConfig, token: string) =>
  `${config.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;

/**
 * The German password-reset mail, asked for by the tenant (login page) or started by the
 * management (admin command line).
 */
export async function sendResetMail(
  mailer: Mailer,
  config: AppConfig,
  mail: { to: string; name?: string; link: string; startedBy: "tenant" | "management" },
): Promise<void> {
  const company = config.brand.companyName;
  const minutes = RESET_TOKEN_TTL_SECONDS / 60;
  await mailer.send({
    to: mail.to,
    subject: `${company}: Passwort zurücksetzen`,
    text: [
      mail.name ? `Guten Tag ${mail.name},` : "Guten Tag,",
      "",
      mail.startedBy === "tenant"
        ? "Sie haben angefordert, Ihr Passwort für das Mieter-Portal zurückzusetzen."
        : "die Hausverwaltung hat für Sie das Zurücksetzen Ihres Passworts für das Mieter-Portal angestoßen.",
      `Öffnen Sie diesen Link innerhalb von ${minutes} Minuten, um ein neues Passwort festzulegen:`,
      "",
      mail.link,
      "",
      mail.startedBy === "tenant"
        ? "Falls Sie das nicht waren, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert."
        : "Ihr bisheriges Passwort gilt weiter, bis Sie ein neues festlegen.",
      "",
      `Ihr Team von ${company}`,
    ].join("\n"),
  });
}
