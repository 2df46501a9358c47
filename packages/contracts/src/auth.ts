import { z } from "zod";
import { LIMITS, requiredText } from "./common.js";

const email = z
  .string({ error: "E-Mail-Adresse ist erforderlich." })
  .trim()
  .max(LIMITS.emailMax, { error: "Die E-Mail-Adresse ist zu lang." })
  .pipe(z.email({ error: "Bitte geben Sie eine gültige E-Mail-Adresse ein." }));

/** Password rules of the portal (shown in the change and reset forms). */
export const PASSWORD_RULES_TEXT = `Mindestens ${LIMITS.passwordMin} Zeichen, höchstens ${LIMITS.passwordMax}.`;

export const newPassword = z
  .string({ error: "Bitte geben Sie ein neues Passwort ein." })
  .min(LIMITS.passwordMin, { error: `Das Passwort muss mindestens ${LIMITS.passwordMin} Zeichen lang sein.` })
  .max(LIMITS.passwordMax, { error: `Das Passwort darf höchstens ${LIMITS.passwordMax} Zeichen lang sein.` });

export const loginRequest = z.object({
  email,
  password: z
    .string({ error: "Passwort ist erforderlich." })
    .min(1, { error: "Passwort ist erforderlich." })
    .max(LIMITS.passwordMax, { error: "Das Passwort ist zu lang." }),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const user = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  address: z.string().nullable(),
  apartment_number: z.string().nullable(),
});
export type User = z.infer<typeof user>;

export const loginResponse = z.object({
  token: z.string(),
  user,
  /** ISO instant at which the token expires. */
  expires_at: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const passwordChangeRequest = z.object({
  currentPassword: z
    .string({ error: "Bitte geben Sie Ihr aktuelles Passwort ein." })
    .min(1, {
      error: "Bitte geben Sie Ihr aktuelles Passwort ein.",
    })
    .max(LIMITS.passwordMax),
  newPassword,
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const passwordResetRequest = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

export const passwordResetConfirm = z.object({
  token: requiredText(200, "Der Link"),
  newPassword,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;

/** Lifetime of a session token. */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const REMEMBER_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Lifetime of a password-reset link. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** Failed logins allowed per account and per IP within the window. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Portal access ends this many months after the tenancy's end. */
export const ACCESS_MONTHS_AFTER_TENANCY = 3;

/** POST auth/password answers a fresh token: every older session ends with the change. */
export const passwordChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponse>;

export const AUTH_MESSAGES = {
  loggedOut: "Sie wurden erfolgreich abgemeldet.",
  passwordChanged: "Ihr Passwort wurde geändert.",
  resetRequested:
    "Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen gesendet.",
  resetDone: "Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.",
} as const;
