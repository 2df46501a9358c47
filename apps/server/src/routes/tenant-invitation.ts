import {
  apiError,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
  loginResponse,
  TOKEN_TTL_SECONDS,
  tenantInvitationAccept,
  tenantInvitationCheck,
  tenantInvitationInfo,
} from "@mieter-portal/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { claimAttempts, findUser, releaseAttempts } from "../domain/tenants/auth.js";
import { type InvitationCredential, registrationCodeHash } from "../domain/tenants/invitation-letters.js";
import { acceptInvitation, findOpenInvitation, tenantHasPortalAccess } from "../domain/tenants/invitations.js";
import { badRequest, forbidden, HttpError, unauthorized } from "../lib/errors.js";
import { hashPassword } from "../lib/passwords.js";
import { signSessionToken } from "../lib/tokens.js";

const invalid = () => new HttpError(400, "tenant_invitation_invalid");
const codeInvalid = () => new HttpError(400, "tenant_invitation_code_invalid");

/**
 * The tenant's invitation link (issue 14 §1): /einladung in the tenant app reads the token from
 * the URL fragment and posts it here (never in a URL, so never in a log). API key, no token.
 */
export const tenantInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The invitation the request presents. A registration code (decision 029) is a guess that can
   * be repeated: each one counts against the client's address like a failed sign-in (the same
   * budget, 429 when spent) and is taken back when the code was right.
   */
  async function openInvitationOf(request: FastifyRequest, body: { token?: string; code?: string }) {
    if (body.token) {
      const open = await findOpenInvitation(app.db, { token: body.token });
      if (!open) throw invalid();
      return { open, credential: { token: body.token } as InvitationCredential, claimed: [] as string[] };
    }
    const claim = await claimAttempts(
      app.db,
      [{ scope: "ip", subject: request.ip }],
      LOGIN_MAX_FAILURES,
      LOGIN_WINDOW_SECONDS,
    );
    if (!claim.allowed) {
      throw new HttpError(429, "too_many_attempts", undefined, undefined, {
        "retry-after": String(LOGIN_WINDOW_SECONDS),
      });
    }
    const codeHash = registrationCodeHash(app.config.jwtSecret, body.code ?? "");
    const open = codeHash ? await findOpenInvitation(app.db, { codeHash }) : undefined;
    if (!open || !codeHash) throw codeInvalid();
    return { open, credential: { codeHash } as InvitationCredential, claimed: claim.ids };
  }

  app.post(
    "/auth/invitation/check",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Whom an invitation link or a letter's registration code greets, and whether it still works (codes count like sign-in attempts)",
        body: tenantInvitationCheck,
        response: { 200: tenantInvitationInfo, 400: apiError, 429: apiError },
      },
    },
    async (request) => {
      const { open, claimed } = await openInvitationOf(request, request.body);
      await releaseAttempts(app.db, claimed);
      return { first_name: open.firstName, last_name: open.lastName, email: open.email, expires_at: open.expiresAt };
    },
  );

  app.post(
    "/auth/invitation/accept",
    {
      schema: {
        tags: ["auth"],
        summary: "Set the first password with the invitation link or code; answers a session like the sign-in",
        body: tenantInvitationAccept,
        response: { 200: loginResponse, 400: apiError, 401: apiError, 403: apiError, 429: apiError },
      },
    },
    async (request) => {
      const { open, credential, claimed } = await openInvitationOf(request, request.body);
      await releaseAttempts(app.db, claimed);
      if (!(await tenantHasPortalAccess(app.db, open.tenantId))) throw forbidden("access_ended");
      const result = await acceptInvitation(app.db, credential, {
        email: request.body.email,
        passwordHash: await hashPassword(request.body.newPassword),
      });
      if (result.kind === "not_found") throw invalid();
      if (result.kind === "invalid") throw badRequest(result.message, { [result.field]: result.message });
      if (result.kind === "conflict") throw badRequest(result.message);
      const profile = await findUser(app.db, result.value.tenantId);
      if (!profile) throw unauthorized("invalid_credentials");
      const session = await signSessionToken(
        app.config.jwtSecret,
        result.value.tenantId,
        TOKEN_TTL_SECONDS,
        result.value.sessionVersion,
      );
      return { token: session.token, user: profile, expires_at: session.expiresAt.toISOString() };
    },
  );
};
