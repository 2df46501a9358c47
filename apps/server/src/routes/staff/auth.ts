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
  staffTotpEnrolmentRequest,
  totpConfirm,
  totpSetup,
  totpSetupRequest,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../../domain/audit/audit.js";
import {
  acceptStaffInvitation,
  disableTotp,
  enableTotp,
  findStaffByLink,
  findStaffForLogin,
  findStaffPasswordHash,
  findStaffProfile,
  findTotp,
  normalizeStaffEmail,
  revokeStaffToken,
  setNotifyNewItems,
  setPendingTotpSecret,
  setStaffPassword,
  useTotpStep,
} from "../../domain/staff/staff.js";
import { claimAttempts, releaseAttempts } from "../../domain/tenants/auth.js";
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from "../../lib/errors.js";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords.js";
import { signSessionToken } from "../../lib/tokens.js";
import { newTotpSecret, totpEnrolment, verifyTotp } from "../../lib/totp.js";
import { auditActor } from "./scope.js";

type Db = Parameters<typeof claimAttempts>[0];

const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };
const RETRY_AFTER = { "retry-after": String(LOGIN_WINDOW_SECONDS) };
const CODE_INVALID = "Der Code ist falsch oder abgelaufen.";
const CODE_USED =
  "Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code Ihrer Authenticator-App (alle 30 Sekunden).";
const MANDATORY = "Für Administratoren ist der zweite Faktor vorgeschrieben.";

/** Claims one attempt of the sign-in limit (e-mail and address); 429 once it is spent. */
async function claimLoginAttempt(db: Db, email: string, ip: string) {
  const claim = await claimAttempts(
    db,
    [
      { scope: "staff", subject: normalizeStaffEmail(email) },
      { scope: "ip", subject: ip },
    ],
    LOGIN_MAX_FAILURES,
    LOGIN_WINDOW_SECONDS,
  );
  if (!claim.allowed) throw new HttpError(429, "too_many_attempts", undefined, undefined, RETRY_AFTER);
  return claim.ids;
}

/**
 * Checks the signed-in member's current password, counted against the same limit as the password
 * change (a guess through any door counts). Returns the claim to release once the whole change succeeded.
 */
async function confirmPassword(db: Db, staffId: string, currentPassword: string) {
  const claim = await claimAttempts(
    db,
    [{ scope: "staff-password", subject: staffId }],
    LOGIN_MAX_FAILURES,
    LOGIN_WINDOW_SECONDS,
  );
  if (!claim.allowed) throw new HttpError(429, "too_many_attempts", undefined, undefined, RETRY_AFTER);
  const stored = await findStaffPasswordHash(db, staffId);
  if (!stored || !(await verifyPassword(stored, currentPassword))) {
    throw new HttpError(400, "wrong_password", undefined, { currentPassword: "Das aktuelle Passwort ist falsch." });
  }
  return claim.ids;
}

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
      const claim = await claimLoginAttempt(app.db, email, request.ip);
      const staff = await findStaffForLogin(app.db, email);
      // Sign-ins and failed sign-ins are in the audit log (issue 25 item 17): who, when, from where.
      const failed = async (reason: "password" | "totp") => {
        await recordAudit(
          app.db,
          { staffId: staff?.id ?? null, name: staff?.name ?? email, ip: request.ip },
          {
            action: "staff.sign_in_failed",
            entityType: "staff",
            entityId: staff?.id ?? null,
            after: { email, reason },
          },
        );
      };
      const valid = await verifyPassword(staff?.password_hash ?? (await dummyPasswordHash()), password);
      if (!staff?.password_hash || !valid) {
        await failed("password");
        throw unauthorized("invalid_credentials");
      }
      // Administrators never sign in with the password alone: without a second factor they set it
      // up first (POST /staff/auth/login/totp-setup); the first code then switches it on here.
      const enrolling = staff.totp_enabled !== 1 && roleRequiresTotp(staff.role as StaffRole);
      if (staff.totp_enabled === 1 || enrolling) {
        if (!totp) {
          // The right password and no code yet: the client asks for it; this was no failed guess.
          await releaseAttempts(app.db, claim);
          if (enrolling && staff.active !== 1) throw forbidden("staff_inactive");
          throw enrolling ? forbidden("totp_enrolment_required") : unauthorized("totp_required");
        }
        const step = staff.totp_secret ? verifyTotp(staff.totp_secret, totp) : null;
        if (step === null || !staff.totp_secret) {
          await failed("totp");
          throw unauthorized("totp_invalid");
        }
        if (staff.active !== 1) {
          // Password and code right: no failed guess; a deactivated account spends no step.
          await releaseAttempts(app.db, claim);
          throw forbidden("staff_inactive");
        }
        const taken = enrolling
          ? await enableTotp(app.db, staff.id, staff.totp_secret, step)
          : await useTotpStep(app.db, staff.id, step);
        if (!taken) {
          await failed("totp");
          throw unauthorized("totp_invalid", CODE_USED);
        }
        if (enrolling) {
          await recordAudit(
            app.db,
            { staffId: staff.id, name: staff.name, ip: request.ip },
            { action: "staff.totp_enabled", entityType: "staff", entityId: staff.id },
          );
        }
      }
      await releaseAttempts(app.db, claim);
      if (staff.active !== 1) throw forbidden("staff_inactive");
      const session = await issueToken(app, staff.id, staff.session_version);
      const profile = await findStaffProfile(app.db, staff.id);
      if (!profile) throw unauthorized("invalid_credentials");
      await recordAudit(
        app.db,
        { staffId: staff.id, name: staff.name, ip: request.ip },
        { action: "staff.signed_in", entityType: "staff", entityId: staff.id },
      );
      return { token: session.token, staff: profile, expires_at: session.expiresAt.toISOString() };
    },
  );

  app.post(
    "/staff/auth/login/totp-setup",
    {
      schema: {
        tags: ["staff"],
        summary:
          "An Administrator without a second factor (login answered 403 totp_enrolment_required): the secret to scan; login with its first code switches it on",
        body: staffTotpEnrolmentRequest,
        response: { 200: totpSetup, ...errors, 409: apiError },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const claim = await claimLoginAttempt(app.db, email, request.ip);
      const staff = await findStaffForLogin(app.db, email);
      const valid = await verifyPassword(staff?.password_hash ?? (await dummyPasswordHash()), password);
      if (!staff?.password_hash || !valid) throw unauthorized("invalid_credentials");
      await releaseAttempts(app.db, claim);
      if (staff.active !== 1) throw forbidden("staff_inactive");
      if (staff.totp_enabled === 1 || !roleRequiresTotp(staff.role as StaffRole)) {
        throw conflict("Für dieses Konto ist hier nichts einzurichten. Bitte melden Sie sich an.");
      }
      // The key being set up stays the same on a reload (like the invitation page's).
      let secret = staff.totp_secret;
      if (!secret) {
        secret = newTotpSecret();
        if (!(await setPendingTotpSecret(app.db, staff.id, secret))) {
          throw conflict("Für dieses Konto ist hier nichts einzurichten. Bitte melden Sie sich an.");
        }
      }
      return totpEnrolment(secret, staff.email, app.config.brand.companyName);
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
          await setPendingTotpSecret(app.db, link.id, secret);
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
      let step: number | null = null;
      if (needsTotp) {
        if (!link.totp_secret) throw badRequest("Bitte laden Sie die Seite neu, um den zweiten Faktor einzurichten.");
        if (!request.body.totp) throw new HttpError(400, "totp_required", undefined, { totp: "Bitte Code eingeben." });
        step = verifyTotp(link.totp_secret, request.body.totp);
        if (step === null) throw new HttpError(400, "totp_invalid", undefined, { totp: CODE_INVALID });
      }
      const hash = await hashPassword(request.body.newPassword);
      const totp = step !== null && link.totp_secret ? { secret: link.totp_secret, step } : null;
      const accepted = await acceptStaffInvitation(app.db, link, hash, totp);
      if (accepted === "link_used") throw new HttpError(400, "invitation_invalid");
      if (accepted === "code_used") throw new HttpError(400, "totp_invalid", undefined, { totp: CODE_USED });
      const version = accepted.version;
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
      const claim = await confirmPassword(app.db, request.staff.id, request.body.currentPassword);
      await releaseAttempts(app.db, claim);
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
        summary: "Start setting up the second factor (with the current password): a new secret to scan",
        body: totpSetupRequest,
        response: { 200: totpSetup, ...errors, 409: apiError },
      },
    },
    async (request) => {
      const claim = await confirmPassword(app.db, request.staff.id, request.body.currentPassword);
      const current = await findTotp(app.db, request.staff.id);
      if (!current) throw notFound();
      const secret = newTotpSecret();
      if (current.totp_enabled === 1 || !(await setPendingTotpSecret(app.db, request.staff.id, secret))) {
        throw conflict("Der zweite Faktor ist bereits eingerichtet.");
      }
      await releaseAttempts(app.db, claim);
      return totpEnrolment(secret, current.email, app.config.brand.companyName);
    },
  );

  app.post(
    "/staff/auth/totp/enable",
    {
      schema: {
        tags: ["staff"],
        summary: "Confirm the second factor with a code from the app and the current password",
        body: totpConfirm,
        response: { 200: staffProfile, ...errors, 409: apiError },
      },
    },
    async (request) => {
      const claim = await confirmPassword(app.db, request.staff.id, request.body.currentPassword);
      const current = await findTotp(app.db, request.staff.id);
      if (current?.totp_enabled === 1) throw conflict("Der zweite Faktor ist bereits eingeschaltet.");
      if (!current?.totp_secret) throw badRequest("Bitte starten Sie die Einrichtung zuerst.");
      const step = verifyTotp(current.totp_secret, request.body.code);
      if (step === null) throw new HttpError(400, "totp_invalid", undefined, { code: CODE_INVALID });
      if (!(await enableTotp(app.db, request.staff.id, current.totp_secret, step))) {
        throw new HttpError(400, "totp_invalid", undefined, { code: CODE_USED });
      }
      await releaseAttempts(app.db, claim);
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
        summary:
          "Turn the second factor off with a current code and the password (not for Administrators: for them it is mandatory)",
        body: totpConfirm,
        response: { 200: staffProfile, ...errors, 409: apiError },
      },
    },
    async (request) => {
      const claim = await confirmPassword(app.db, request.staff.id, request.body.currentPassword);
      // Role and state are read under the row's lock (a promotion at the same moment: decision 031).
      const result = await disableTotp(app.db, request.staff.id, request.body.code);
      // Only a wrong or used code counts as a failed attempt; refusals by the rules do not.
      if (result !== "code_invalid" && result !== "code_used") await releaseAttempts(app.db, claim);
      if (result === "not_found") throw notFound();
      if (result === "mandatory") throw forbidden("forbidden", MANDATORY);
      if (result === "not_enabled") throw conflict("Der zweite Faktor ist nicht eingeschaltet.");
      if (result === "code_invalid") throw new HttpError(400, "totp_invalid", undefined, { code: CODE_INVALID });
      if (result === "code_used") throw new HttpError(400, "totp_invalid", undefined, { code: CODE_USED });
      await recordAudit(app.db, auditActor(request), {
        action: "staff.totp_disabled",
        entityType: "staff",
        entityId: request.staff.id,
      });
      return me(request.staff.id);
    },
  );
};
