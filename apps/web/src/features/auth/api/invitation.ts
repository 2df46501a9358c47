import { type TenantInvitationInfo, tenantInvitationInfo } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { buildApiError } from "@/lib/api/errors";
import { buildHeaders } from "@/lib/api/request";
import { resolveApiUrl } from "@/lib/api/urls";
import { type LoginResult, parseLoginResponse } from "./login";

/**
 * The invitation link's two calls (issue 14 §1). The token travels in the body, never in a URL;
 * neither call needs a session (a tenant signed in on this device keeps theirs until the new one).
 */
async function post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(resolveApiUrl(path), {
    method: "POST",
    headers: buildHeaders({ "Content-Type": "application/json" }, { withToken: false }),
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw buildApiError(res.status, res.statusText, await res.text().catch(() => ""), res.headers);
  return res.json();
}

/** The link's token, or the registration code printed on a letter (issue 24 item 6). */
export type InvitationCredential = { token: string } | { code: string };

/**
 * Whom the link or code greets; a used, replaced or expired one answers 400 with a German message,
 * too many wrong codes from this address 429.
 */
export async function checkInvitation(
  credential: InvitationCredential,
  signal?: AbortSignal,
): Promise<TenantInvitationInfo> {
  return tenantInvitationInfo.parse(await post(apiPaths.invitationCheck, credential, signal));
}

/** Sets the first password (and the address, when the invitation had none); answers a session. */
export async function acceptInvitation(
  input: InvitationCredential & {
    email?: string;
    newPassword: string;
  },
): Promise<LoginResult> {
  return parseLoginResponse(await post(apiPaths.invitationAccept, input));
}
