import { z } from "zod";
import { LIMITS } from "../common.js";
import { staffRole } from "./roles.js";

const email = z
  .string({ error: "E-Mail-Adresse ist erforderlich." })
  .trim()
  .max(LIMITS.emailMax, { error: "Die E-Mail-Adresse ist zu lang." })
  .pipe(z.email({ error: "Bitte geben Sie eine gültige E-Mail-Adresse ein." }));

/** Six digits from an authenticator app (RFC 6238, 30 s, SHA-1). */
export const totpCode = z
  .string({ error: "Bitte geben Sie den Code aus Ihrer Authenticator-App ein." })
  .trim()
  .regex(/^\d{6}$/, { error: "Der Code besteht aus 6 Ziffern." });

export const staffLoginRequest = z.object({
  email,
  password: z
    .string({ error: "Passwort ist erforderlich." })
    .min(1, { error: "Passwort ist erforderlich." })
    .max(LIMITS.passwordMax, { error: "Das Passwort ist zu lang." }),
  /** Required when the account has a second factor; the first answer says so (totp_required). */
  totp: totpCode.optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequest>;

export const staffBuildingRef = z.object({ id: z.string(), name: z.string() });

export const staffProfile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  buildings: z.array(staffBuildingRef),
  totp_enabled: z.boolean(),
  notify_new_items: z.boolean(),
});
export type StaffProfile = z.infer<typeof staffProfile>;

export const staffLoginResponse = z.object({
  token: z.string(),
  staff: staffProfile,
  expires_at: z.string(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

/** Answer of a password change: every other session ended, this one goes on with the new token. */
export const staffPasswordChanged = z.object({ token: z.string(), expires_at: z.string() });

export const staffProfileUpdate = z.object({
  notify_new_items: z.boolean({ error: "Bitte ja oder nein angeben." }).optional(),
});

export const staffPasswordChange = z.object({
  currentPassword: z
    .string({ error: "Bitte geben Sie Ihr aktuelles Passwort ein." })
    .min(1, { error: "Bitte geben Sie Ihr aktuelles Passwort ein." })
    .max(LIMITS.passwordMax),
  newPassword: z
    .string({ error: "Bitte geben Sie ein neues Passwort ein." })
    .min(LIMITS.staffPasswordMin, {
      error: `Das Passwort muss mindestens ${LIMITS.staffPasswordMin} Zeichen lang sein.`,
    })
    .max(LIMITS.passwordMax, { error: `Das Passwort darf höchstens ${LIMITS.passwordMax} Zeichen lang sein.` }),
});

/** Enrolling a second factor: the secret as text and as an otpauth:// URI, with the URI as QR code (SVG). */
export const totpSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetup>;

/** The current password confirms every change of the second factor: a stolen session alone cannot lock the owner out. */
const currentPassword = z
  .string({ error: "Bitte geben Sie Ihr aktuelles Passwort ein." })
  .min(1, { error: "Bitte geben Sie Ihr aktuelles Passwort ein." })
  .max(LIMITS.passwordMax, { error: "Das Passwort ist zu lang." });

/** Starting to set up the second factor (a new secret to scan). */
export const totpSetupRequest = z.object({ currentPassword });

/** Enabling (the first code from the app) or disabling (a current code) the second factor. */
export const totpConfirm = z.object({ code: totpCode, currentPassword });
export type TotpConfirm = z.infer<typeof totpConfirm>;

/**
 * An Administrator without a second factor signs in only after setting it up (login answers 403
 * totp_enrolment_required): the password asks for the secret to scan; login with the first code
 * switches it on.
 */
export const staffTotpEnrolmentRequest = staffLoginRequest.pick({ email: true, password: true });

/** What the page of an invitation link shows before the password is set. */
export const staffInvitationInfo = z.object({
  email: z.string(),
  name: z.string(),
  role: staffRole,
  /** Administrators must set up the second factor while accepting; then the setup is included. */
  totp_required: z.boolean(),
  totp: totpSetup.nullable(),
});
export type StaffInvitationInfo = z.infer<typeof staffInvitationInfo>;

export const staffInvitationToken = z.object({
  token: z.string().trim().min(1, { error: "Der Link ist unvollständig." }).max(200),
});

export const staffInvitationAccept = staffInvitationToken.extend({
  newPassword: staffPasswordChange.shape.newPassword,
  /** Required when the invitation says totp_required. */
  totp: totpCode.optional(),
});

/** Staff tokens live 12 hours; a new sign-in each working day. */
export const STAFF_TOKEN_TTL_SECONDS = 12 * 60 * 60;
/** Invitation links (set the first password) stay valid this long. */
export const STAFF_INVITATION_TTL_SECONDS = 72 * 60 * 60;
