import { apiError, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS, okResponse } from "@mieter-portal/contracts";
import {
  roleRequiresTotp,
  STAFF_TOKEN_TTL_SECONDS,
  type StaffRole,
  staffInvitationAccept,
  staffInvitationInfo,
  staffInvitationToken,
  staffLoginRequest,
  staffLoginResponse,
  staffPasswordChange,
  staffProfile,
  staffProfileUpdate,
  totpConfirm,
  totpSetup,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, forbidden, HttpError, notFound, unauthorized } from "../../lib/errors.js";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords.js";
import { signSessionToken } from "../../lib/tokens.js";
import { newTotpSecret, totpEnrolment, verifyTotp } from "../../lib/totp.js";
import { recordAudit } from "../../repositories/audit.js";
import { claimAttempts, releaseAttempts } from "../../repositories/auth.js";
import {
  consumeStaffLink,
  findStaffByLink,
  findStaffForLogin,
  findStaffPasswordHash,
  findStaffProfile,
  findTotp,
  normalizeStaffEmail,
  revokeStaffToken,
  setNotifyNewItems,
  setStaffPassword,
  setTotpSecret,
} from "../../repositories/staff.js";
import { auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };
const RETRY_AFTER = { "retry-after": String(LOGIN_WINDOW_SECONDS) };

async function issueToken(app: { config: { jwtSecret: Uint8Array } }, staffId: string, version: number) {
  return signSessionToken(app.config.jwtSecret, staffId, STAFF_TOKEN_TTL_SECONDS, version, "staff");
}

/** Staff sign-in and invitation links: API key required, no token. */
export const staffPublicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/staff/auth/login",
    {
      schema: {
        tags: ["staff"],
        summary: "Staff sign-in; with a second factor the code goes in `totp` (401 totp_required without it)",
        body: staffLoginRequest,
        response: { 200: staffLoginResponse, ...errors },
      },
    },
    async (request) => {
      const { email, password, totp } = request.body;
      const claim = await claimAttempts(
        app.db,
        [
          { scope: "staff", subject: normalizeStaffEmail(email) },
          { scope: "ip", subject: request.ip },
        ],
        LOGIN_MAX_FAILURES,
        LOGIN_WINDOW_SECONDS,
      );
      if (!claim.allowed) throw new HttpError(429, "too_many_attempts", undefined, undefined, RETRY_AFTER);
      const staff = await findStaffForLogin(app.db, email);
      const valid = await verifyPassword(staff?.password_hash ?? (await dummyPasswordHash()), password);
      if (!staff?.password_hash || !valid) throw unauthorized("invalid_credentials");
      if (staff.totp_enabled === 1) {
        if (!totp) {
          // The right password and no code yet: the client asks for it; this was no failed guess.
          await releaseAttempts(app.db, claim.ids);
          throw unauthorized("totp_required");
        }
        if (!staff.totp_secret || !verifyTotp(staff.totp_secret, totp)) throw unauthorized("totp_invalid");
      }
      await releaseAttempts(app.db, claim.ids);
      if (staff.active !== 1) throw forbidden("staff_inactive");
      const session = await issueToken(app, staff.id, staff.session_version);
      const profile = await findStaffProfile(app.db, staff.id);
      if (!profile) throw unauthorized("invalid_credentials");
      return { token: session.token, staff: profile, expires_at: session.expiresAt.toISOString() };
    },
  );

  /** The account an invitation link belongs to; prepares the second factor where it is required. */
  async function invitationOf(token: string) {
    const link = await findStaffByLink(app.db, token);
    if (link?.active !== 1) throw new HttpError(400, "invitation_invalid");
    return link;
  }

  app.post(
    "/staff/auth/invitation/info",
    {
      schema: {
        tags: ["staff"],
        summary: "What the invitation page shows: the account and, for Administrators, the second factor to set up",
        body: staffInvitationToken,
        response: { 200: staffInvitationInfo, 400: apiError, 429: apiError },
      },
    },
    async (request) => {
      const link = await invitationOf(request.body.token);
      const required = roleRequiresTotp(link.role as StaffRole);
      let setup = null;
      if (required && link.totp_enabled !== 1) {
        let secret = link.totp_secret;
        if (!secret) {
          secret = newTotpSecret();
          await setTotpSecret(app.db, link.id, secret, false);
        }
        setup = await totpEnrolment(secret, link.email, app.config.brand.companyName);
      }
      return {
        email: link.email,
        name: link.name,
        role: link.role as StaffRole,
        totp_required: required && link.totp_enabled !== 1,
        totp: setup,
      };
    },
  );

  app.post(
    "/staff/auth/invitation/accept",
    {
      schema: {
        tags: ["staff"],
        summary: "Set the first password with the invitation link (and confirm the second factor where required)",
        body: staffInvitationAccept,
        response: { 200: staffLoginResponse, 400: apiError, 429: apiError },
      },
    },
    async (request) => {
      const link = await invitationOf(request.body.token);
      const needsTotp = roleRequiresTotp(link.role as StaffRole) && link.totp_enabled !== 1;
      if (needsTotp) {
        if (!link.totp_secret) throw badRequest("Bitte laden Sie die Seite neu, um den zweiten Faktor einzurichten.");
        if (!request.body.totp) throw new HttpError(400, "totp_required", undefined, { totp: "Bitte Code eingeben." });
        if (!verifyTotp(link.totp_secret, request.body.totp)) {
          throw new HttpError(400, "totp_invalid", undefined, { totp: "Der Code ist falsch oder abgelaufen." });
        }
      }
      const hash = await hashPassword(request.body.newPassword);
      if (!(await consumeStaffLink(app.db, link.link_id))) throw new HttpError(400, "invitation_invalid");
      const version = await setStaffPassword(app.db, link.id, hash);
      if (needsTotp) await setTotpSecret(app.db, link.id, link.totp_secret, true);
      await recordAudit(
        app.db,
        { staffId: link.id, name: link.name, ip: request.ip },
        {
          action: "staff.invitation_accepted",
          entityType: "staff",
          entityId: link.id,
        },
      );
      const session = await issueToken(app, link.id, version);
      const profile = await findStaffProfile(app.db, link.id);
      if (!profile) throw new HttpError(400, "invitation_invalid");
      return { token: session.token, staff: profile, expires_at: session.expiresAt.toISOString() };
    },
  );
};

/** The signed-in staff member's own account. */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = async (staffId: string) => {
    const profile = await findStaffProfile(app.db, staffId);
    if (!profile) throw notFound();
    return profile;
  };

  app.get(
    "/staff/auth/me",
    {
      schema: {
        tags: ["staff"],
        summary: "The signed-in staff member",
        response: { 200: staffProfile, 401: apiError },
      },
    },
    async (request) => me(request.staff.id),
  );

  app.patch(
    "/staff/auth/me",
    {
      schema: {
        tags: ["staff"],
        summary: "Own settings: e-mail about new tenant input",
        body: staffProfileUpdate,
        response: { 200: staffProfile, 400: apiError, 401: apiError },
      },
    },
    async (request) => {
      if (request.body.notify_new_items !== undefined) {
        await setNotifyNewItems(app.db, request.staff.id, request.body.notify_new_items);
      }
      return me(request.staff.id);
    },
  );

  app.post(
    "/staff/auth/logout",
    {
      schema: {
        tags: ["staff"],
        summary: "Revoke the current staff token",
        response: { 200: okResponse, 401: apiError },
      },
    },
    async (request) => {
      await revokeStaffToken(app.db, request.staff.id, request.staff.jti, new Date(request.staff.exp * 1000));
      return { success: true as const, message: "Sie wurden abgemeldet." };
    },
  );

  app.post(
    "/staff/auth/password",
    {
      schema: {
        tags: ["staff"],
        summary: "Change the password; every other session ends",
        body: staffPasswordChange,
        response: { 200: z.object({ token: z.string(), expires_at: z.string() }), ...errors },
      },
    },
    async (request) => {
      const claim = await claimAttempts(
        app.db,
        [{ scope: "staff-password", subject: request.staff.id }],
        LOGIN_MAX_FAILURES,
        LOGIN_WINDOW_SECONDS,
      );
      if (!claim.allowed) throw new HttpError(429, "too_many_attempts", undefined, undefined, RETRY_AFTER);
      const stored = await findStaffPasswordHash(app.db, request.staff.id);
      if (!stored || !(await verifyPassword(stored, request.body.currentPassword))) {
        throw new HttpError(400, "wrong_password", undefined, { currentPassword: "Das aktuelle Passwort ist falsch." });
      }
      await releaseAttempts(app.db, claim.ids);
      const version = await setStaffPassword(app.db, request.staff.id, await hashPassword(request.body.newPassword));
      await recordAudit(app.db, auditActor(request), {
        action: "staff.password_changed",
        entityType: "staff",
        entityId: request.staff.id,
      });
      const session = await issueToken(app, request.staff.id, version);
      return { token: session.token, expires_at: session.expiresAt.toISOString() };
    },
  );

  app.post(
    "/staff/auth/totp/setup",
    {
      schema: {
        tags: ["staff"],
        summary: "Start setting up the second factor: a new secret to scan",
        response: { 200: totpSetup, 401: apiError, 409: apiError },
      },
    },
    async (request) => {
      const current = await findTotp(app.db, request.staff.id);
      if (!current) throw notFound();
      if (current.totp_enabled === 1)
        throw new HttpError(409, "conflict", "Der zweite Faktor ist bereits eingerichtet.");
      const secret = newTotpSecret();
      await setTotpSecret(app.db, request.staff.id, secret, false);
      return totpEnrolment(secret, current.email, app.config.brand.companyName);
    },
  );

  app.post(
    "/staff/auth/totp/enable",
    {
      schema: {
        tags: ["staff"],
        summary: "Confirm the second factor with a code from the app",
        body: totpConfirm,
        response: { 200: staffProfile, 400: apiError, 401: apiError },
      },
    },
    async (request) => {
      const current = await findTotp(app.db, request.staff.id);
      if (!current?.totp_secret) throw badRequest("Bitte starten Sie die Einrichtung zuerst.");
      if (!verifyTotp(current.totp_secret, request.body.code)) {
        throw new HttpError(400, "totp_invalid", undefined, { code: "Der Code ist falsch oder abgelaufen." });
      }
      await setTotpSecret(app.db, request.staff.id, current.totp_secret, true);
      await recordAudit(app.db, auditActor(request), {
        action: "staff.totp_enabled",
        entityType: "staff",
        entityId: request.staff.id,
      });
      return me(request.staff.id);
    },
  );

  app.post(
    "/staff/auth/totp/disable",
    {
      schema: {
        tags: ["staff"],
        summary: "Turn the second factor off (not for Administrators: for them it is mandatory)",
        body: totpConfirm,
        response: { 200: staffProfile, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => {
      if (roleRequiresTotp(request.staff.role)) {
        throw forbidden("forbidden", "Für Administratoren ist der zweite Faktor vorgeschrieben.");
      }
      const current = await findTotp(app.db, request.staff.id);
      if (!current?.totp_secret || current.totp_enabled !== 1 || !verifyTotp(current.totp_secret, request.body.code)) {
        throw new HttpError(400, "totp_invalid", undefined, { code: "Der Code ist falsch oder abgelaufen." });
      }
      await setTotpSecret(app.db, request.staff.id, null, false);
      await recordAudit(app.db, auditActor(request), {
        action: "staff.totp_disabled",
        entityType: "staff",
        entityId: request.staff.id,
      });
      return me(request.staff.id);
    },
  );
};
