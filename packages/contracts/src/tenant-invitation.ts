import { z } from "zod";
import { loginRequest, newPassword } from "./auth.js";
import { requiredText } from "./common.js";

/**
 * The tenant's invitation link (issue 14 §1): the management invites a new tenant instead of
 * giving them a password; the link opens /einladung in the tenant app, where they set it.
 */

/** An invitation link is valid this long; the management can send a new one at any time. */
export const TENANT_INVITATION_TTL_SECONDS = 72 * 60 * 60;
/** A printed letter's link and code work this many days by default (INVITATION_LETTER_DAYS). */
export const TENANT_INVITATION_LETTER_DAYS = 30;

const NO_CREDENTIAL = "Bitte geben Sie den Registrierungscode aus Ihrem Brief ein (z. B. K7Q2-X9M4).";

/**
 * The link's token, or the registration code printed on a letter (issue 24 item 6): eight
 * characters without 0/O, 1/I/L, typed with or without the dash and in any case.
 */
const credential = {
  token: requiredText(200, "Der Link").optional(),
  code: z.string().trim().max(20, { error: NO_CREDENTIAL }).optional(),
};
const oneCredential = (v: { token?: string; code?: string }) => Boolean(v.token) !== Boolean(v.code);

export const tenantInvitationCheck = z
  .object(credential)
  .refine(oneCredential, { error: NO_CREDENTIAL, path: ["code"] });

/** What the page shows before the password is set. */
export const tenantInvitationInfo = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** null: the management has no address; the tenant gives the one they will sign in with. */
  email: z.string().nullable(),
  expires_at: z.string(),
});
export type TenantInvitationInfo = z.infer<typeof tenantInvitationInfo>;

export const tenantInvitationAccept = z
  .object({
    ...credential,
    /** Required when the invitation has no address (a printed letter); ignored otherwise. */
    email: loginRequest.shape.email.optional(),
    newPassword,
  })
  .refine(oneCredential, { error: NO_CREDENTIAL, path: ["code"] });
export type TenantInvitationAccept = z.infer<typeof tenantInvitationAccept>;
