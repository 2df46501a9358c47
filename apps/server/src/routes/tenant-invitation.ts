import {
  apiError,
  loginResponse,
  TOKEN_TTL_SECONDS,
  tenantInvitationAccept,
  tenantInvitationCheck,
  tenantInvitationInfo,
} from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest, forbidden, HttpError, unauthorized } from "../lib/errors.js";
import { hashPassword } from "../lib/passwords.js";
import { signSessionToken } from "../lib/tokens.js";
import { findUser } from "../repositories/auth.js";
import { acceptInvitation, findOpenInvitation, tenantHasPortalAccess } from "../repositories/tenant-onboarding.js";

const invalid = () => new HttpError(400, "tenant_invitation_invalid");

/**
 * The tenant's invitation link (issue 14 §1): /einladung in the tenant app reads the token from
 * the URL fragment and posts it here (never in a URL, so never in a log). API key, no token.
 */
export const tenantInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/invitation/check",
    {
      schema: {
        tags: ["auth"],
        summary: "Whom an invitation link greets, and whether it still works",
        body: tenantInvitationCheck,
        response: { 200: tenantInvitationInfo, 400: apiError },
      },
    },
    async (request) => {
      const open = await findOpenInvitation(app.db, request.body.token);
      if (!open) throw invalid();
      return { first_name: open.firstName, last_name: open.lastName, email: open.email, expires_at: open.expiresAt };
    },
  );

  app.post(
    "/auth/invitation/accept",
    {
      schema: {
        tags: ["auth"],
        summary: "Set the first password with the invitation link; answers a session like the sign-in",
        body: tenantInvitationAccept,
        response: { 200: loginResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => {
      const open = await findOpenInvitation(app.db, request.body.token);
      if (!open) throw invalid();
      if (!(await tenantHasPortalAccess(app.db, open.tenantId))) throw forbidden("access_ended");
      const result = await acceptInvitation(app.db, request.body.token, {
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
