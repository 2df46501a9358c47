import { z } from "zod";
import { RESET_TOKEN_TTL_SECONDS } from "../auth.js";
import { LIMITS } from "../common.js";
import { staffInvitationToken, staffPasswordChange } from "./auth.js";

/**
 * "Passwort vergessen?" on the staff login (issue 25 item 22, decision 033): the tenants' rules
 * (always 202, limits per IP and address, a one-time link by mail) with the staff's password rules.
 * Setting the new password signs nobody in: the staff member then signs in as usual (second factor
 * included).
 */

/** The link a reset mail carries stays valid as long as the tenants' (60 minutes). */
export const STAFF_RESET_TOKEN_TTL_SECONDS = RESET_TOKEN_TTL_SECONDS;

/** The console page the mail links to (below /verwaltung); the token travels in the fragment. */
export const STAFF_RESET_PAGE_PATH = "/verwaltung/passwort-neu";

export const staffPasswordResetRequest = z.object({
  email: z
    .string({ error: "E-Mail-Adresse ist erforderlich." })
    .trim()
    .min(1, { error: "Bitte geben Sie Ihre E-Mail-Adresse ein." })
    .max(LIMITS.emailMax, { error: "Die E-Mail-Adresse ist zu lang." })
    .pipe(z.email({ error: "Bitte geben Sie eine gültige E-Mail-Adresse ein." })),
});
export type StaffPasswordResetRequest = z.infer<typeof staffPasswordResetRequest>;

/** The link's token, to check it before asking for the new password. */
export const staffPasswordResetToken = staffInvitationToken;

/** What the "neues Passwort setzen" page shows for a valid link. */
export const staffPasswordResetInfo = z.object({ email: z.string(), name: z.string() });
export type StaffPasswordResetInfo = z.infer<typeof staffPasswordResetInfo>;

export const staffPasswordResetConfirm = staffInvitationToken.extend({
  newPassword: staffPasswordChange.shape.newPassword,
});
export type StaffPasswordResetConfirm = z.infer<typeof staffPasswordResetConfirm>;

/** Why a link does not work; the page says what to do for each (the API's error codes). */
export const STAFF_RESET_LINK_ERRORS = [
  "staff_reset_link_invalid",
  "staff_reset_link_expired",
  "staff_reset_link_used",
] as const;
export type StaffResetLinkError = (typeof STAFF_RESET_LINK_ERRORS)[number];

export const STAFF_RESET_MESSAGES = {
  requested:
    "Falls zu dieser E-Mail-Adresse ein aktives Konto der Verwaltung gehört, haben wir einen Link zum Zurücksetzen gesendet. Bitte sehen Sie in Ihr Postfach (auch in den Spam-Ordner).",
  done: "Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.",
} as const;
