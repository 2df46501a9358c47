import { z } from "zod";
import { loginRequest, newPassword } from "./auth.js";
import { requiredText } from "./common.js";

/**
 * The tenant's invitation link (issue 14 §1): the management invites a new tenant instead of
 * giving them a password; the link opens /einladung in the tenant app, where they set it.
 */

/** An invitation link is valid this long; the management can send a new one at any time. */
export const TENANT_INVITATION_TTL_SECONDS = 72 * 60 * 60;

export const tenantInvitationCheck = z.object({ token: requiredText(200, "Der Link") });

/** What the page shows before the password is set. */
export const tenantInvitationInfo = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** null: the management has no address; the tenant gives the one they will sign in with. */
  email: z.string().nullable(),
  expires_at: z.string(),
});
export type TenantInvitationInfo = z.infer<typeof tenantInvitationInfo>;

export const tenantInvitationAccept = z.object({
  token: requiredText(200, "Der Link"),
  /** Required when the invitation has no address (a printed letter); ignored otherwise. */
  email: loginRequest.shape.email.optional(),
  newPassword,
});
export type TenantInvitationAccept = z.infer<typeof tenantInvitationAccept>;
