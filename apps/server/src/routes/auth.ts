import {
  AUTH_MESSAGES,
  apiError,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
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
import {
  claimAttempts,
  clearAccountFailures,
  consumeResetToken,
  createResetToken,
  findPasswordHash,
  findTenantForLogin,
  findUser,
  hasPortalAccess,
  normalizeEmail,
  releaseAttempts,
  revokeToken,
  setPassword,
} from "../domain/tenants/auth.js";
import { badRequest, forbidden, HttpError, notFound, unauthorized } from "../lib/errors.js";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../lib/passwords.js";
import { resetLink, sendResetMail } from "../lib/reset-mail.js";
import { signSessionToken } from "../lib/tokens.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };
/** Reset mails per address within the login window; more are silently not sent. */
export const RESET_MAILS_PER_WINDOW = 5;
const RETRY_AFTER_WINDOW = { "retry-after": String(LOGIN_WINDOW_SECONDS) };
/** Reset requests per IP within the login window; more answer 429. */
export const RESET_REQUESTS_PER_IP = 20;

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
      // The attempt is claimed before the password is checked: parallel guesses cannot all pass.
      const claim = await claimAttempts(
        app.db,
        [
          { scope: "account", subject: normalizeEmail(email) },
          { scope: "ip", subject: request.ip },
        ],
        LOGIN_MAX_FAILURES,
        LOGIN_WINDOW_SECONDS,
      );
      if (!claim.allowed) throw new HttpError(429, "too_many_attempts", undefined, undefined, RETRY_AFTER_WINDOW);
      const tenant = await findTenantForLogin(app.db, email);
      // A tenant still invited (no password yet, decision 018) is checked like an unknown one.
      const valid = await verifyPassword(tenant?.password_hash || (await dummyPasswordHash()), password);
      if (!tenant?.password_hash || !valid) throw unauthorized("invalid_credentials");
      await releaseAttempts(app.db, claim.ids);
      if (!hasPortalAccess(tenant.access_base_end)) throw forbidden("access_ended");
      await clearAccountFailures(app.db, email);
      const session = await signSessionToken(
        app.config.jwtSecret,
        tenant.id,
        remember ? REMEMBER_TOKEN_TTL_SECONDS : TOKEN_TTL_SECONDS,
        tenant.session_version,
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
        response: { 202: okResponse, 400: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const perIp = await claimAttempts(
        app.db,
        [{ scope: "reset-ip", subject: request.ip }],
        RESET_REQUESTS_PER_IP,
        LOGIN_WINDOW_SECONDS,
      );
      if (!perIp.allowed) throw new HttpError(429, "too_many_requests", undefined, undefined, RETRY_AFTER_WINDOW);
      // Everything that depends on whether the address exists happens after the answer, so the
      // answer takes the same time for every address (no enumeration by timing).
      const to = request.body.email;
      app.background.run("password-reset mail", async () => {
        const perAddress = await claimAttempts(
          app.db,
          [{ scope: "reset", subject: email }],
          RESET_MAILS_PER_WINDOW,
          LOGIN_WINDOW_SECONDS,
        );
        if (!perAddress.allowed) return;
        const tenant = await findTenantForLogin(app.db, email);
        if (!tenant || !hasPortalAccess(tenant.access_base_end)) return;
        const token = await createResetToken(app.db, tenant.id, RESET_TOKEN_TTL_SECONDS);
        await sendResetMail(app.mailer, app.config, { to, link: resetLink(app.config, token), startedBy: "tenant" });
      });
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
      const claim = await claimAttempts(
        app.db,
        [{ scope: "password", subject: request.auth.tenantId }],
        LOGIN_MAX_FAILURES,
        LOGIN_WINDOW_SECONDS,
      );
      if (!claim.allowed) throw new HttpError(429, "too_many_attempts", undefined, undefined, RETRY_AFTER_WINDOW);
      const stored = await findPasswordHash(app.db, request.auth.tenantId);
      if (!stored || !(await verifyPassword(stored, currentPassword))) {
        throw new HttpError(400, "wrong_password", undefined, { currentPassword: "Das aktuelle Passwort ist falsch." });
      }
      await releaseAttempts(app.db, claim.ids);
      if (currentPassword === newPassword) {
        throw badRequest(undefined, { newPassword: "Das neue Passwort muss sich vom aktuellen unterscheiden." });
      }
      const version = await setPassword(app.db, request.auth.tenantId, await hashPassword(newPassword));
      await revokeToken(app.db, request.auth.tenantId, request.auth.jti, new Date(request.auth.exp * 1000));
      const session = await signSessionToken(app.config.jwtSecret, request.auth.tenantId, TOKEN_TTL_SECONDS, version);
      return {
        success: true as const,
        message: AUTH_MESSAGES.passwordChanged,
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
      };
    },
  );
};
