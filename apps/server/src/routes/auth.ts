import {
  AUTH_MESSAGES,
  apiError,
  LOGIN_MAX_FAILURES,
  loginRequest,
  loginResponse,
  okResponse,
  passwordChangeRequest,
  passwordChangeResponse,
  passwordResetConfirm,
  passwordResetRequest,
  REMEMBER_TOKEN_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  TOKEN_TTL_SECONDS,
  user,
} from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest, forbidden, HttpError, notFound, unauthorized } from "../lib/errors.js";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../lib/passwords.js";
import { resetLink, sendResetMail } from "../lib/reset-mail.js";
import { signSessionToken } from "../lib/tokens.js";
import {
  clearAccountFailures,
  consumeResetToken,
  countRecentFailures,
  createResetToken,
  findPasswordHash,
  findTenantForLogin,
  findUser,
  hasPortalAccess,
  normalizeEmail,
  recordAttempt,
  recordFailedLogin,
  revokeToken,
  setPassword,
} from "../repositories/auth.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };
/** Reset mails per address within the login window; more are silently not sent. */
const RESET_MAILS_PER_WINDOW = 5;

/** Sign-in and password reset: API key required, no token. */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in; remember=true asks for a 30-day token instead of 12 hours",
        body: loginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) => {
      const { email, password, remember } = request.body;
      const subject = normalizeEmail(email);
      const [accountFailures, ipFailures] = await Promise.all([
        countRecentFailures(app.db, "account", subject),
        countRecentFailures(app.db, "ip", request.ip),
      ]);
      if (accountFailures >= LOGIN_MAX_FAILURES || ipFailures >= LOGIN_MAX_FAILURES) {
        throw new HttpError(429, "too_many_attempts");
      }
      const tenant = await findTenantForLogin(app.db, email);
      const valid = await verifyPassword(tenant?.password_hash ?? (await dummyPasswordHash()), password);
      if (!tenant || !valid) {
        await recordFailedLogin(app.db, email, request.ip);
        throw unauthorized("invalid_credentials");
      }
      if (!hasPortalAccess(tenant.access_base_end)) throw forbidden("access_ended");
      await clearAccountFailures(app.db, email);
      const session = await signSessionToken(
        app.config.jwtSecret,
        tenant.id,
        remember ? REMEMBER_TOKEN_TTL_SECONDS : TOKEN_TTL_SECONDS,
      );
      const profile = await findUser(app.db, tenant.id);
      if (!profile) throw unauthorized("invalid_credentials");
      return { token: session.token, user: profile, expires_at: session.expiresAt.toISOString() };
    },
  );

  app.post(
    "/auth/password-reset",
    {
      schema: {
        tags: ["auth"],
        summary: "Mail a one-time reset link; always 202 so addresses cannot be probed",
        body: passwordResetRequest,
        response: { 202: okResponse, 400: apiError },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const tenant = await findTenantForLogin(app.db, email);
      const recent = await countRecentFailures(app.db, "reset", email);
      if (tenant && hasPortalAccess(tenant.access_base_end) && recent < RESET_MAILS_PER_WINDOW) {
        await recordAttempt(app.db, "reset", email);
        const token = await createResetToken(app.db, tenant.id, RESET_TOKEN_TTL_SECONDS);
        try {
          await sendResetMail(app.mailer, app.config, {
            to: request.body.email,
            link: resetLink(app.config, token),
            startedBy: "tenant",
          });
        } catch (err) {
          request.log.error({ err }, "sending the password-reset mail failed");
        }
      }
      return reply.code(202).send({ success: true as const, message: AUTH_MESSAGES.resetRequested });
    },
  );

  app.post(
    "/auth/password-reset/confirm",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with the token from the reset mail",
        body: passwordResetConfirm,
        response: { 200: okResponse, 400: apiError },
      },
    },
    async (request) => {
      const tenantId = await consumeResetToken(app.db, request.body.token);
      if (!tenantId) throw new HttpError(400, "reset_token_invalid");
      await setPassword(app.db, tenantId, await hashPassword(request.body.newPassword));
      return { success: true as const, message: AUTH_MESSAGES.resetDone };
    },
  );
};

/** Session routes: need a valid token. */
export const authenticatedAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/logout",
    {
      config: { idempotent: false },
      schema: { tags: ["auth"], summary: "Revoke the current token", response: { 200: okResponse, 401: apiError } },
    },
    async (request) => {
      await revokeToken(app.db, request.auth.tenantId, request.auth.jti, new Date(request.auth.exp * 1000));
      return { success: true as const, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.get(
    "/auth/user",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in tenant",
        response: { 200: user, 401: apiError, 404: apiError },
      },
    },
    async (request) => {
      const profile = await findUser(app.db, request.auth.tenantId);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.post(
    "/auth/password",
    {
      config: { idempotent: false },
      schema: {
        tags: ["auth"],
        summary: "Change the password; all other sessions end",
        body: passwordChangeRequest,
        response: { 200: passwordChangeResponse, ...errors },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const stored = await findPasswordHash(app.db, request.auth.tenantId);
      if (!stored || !(await verifyPassword(stored, currentPassword))) {
        throw new HttpError(400, "wrong_password", undefined, { currentPassword: "Das aktuelle Passwort ist falsch." });
      }
      if (currentPassword === newPassword) {
        throw badRequest(undefined, { newPassword: "Das neue Passwort muss sich vom aktuellen unterscheiden." });
      }
      await setPassword(app.db, request.auth.tenantId, await hashPassword(newPassword));
      await revokeToken(app.db, request.auth.tenantId, request.auth.jti, new Date(request.auth.exp * 1000));
      const session = await signSessionToken(app.config.jwtSecret, request.auth.tenantId, TOKEN_TTL_SECONDS);
      return {
        success: true as const,
        message: AUTH_MESSAGES.passwordChanged,
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
      };
    },
  );
};
