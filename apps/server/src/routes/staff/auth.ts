import { apiError, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from "@mieter-portal/contracts";
import {
  roleRequiresTotp,
  STAFF_TOKEN_TTL_SECONDS,
  staffInvitationAccept,
  staffInvitationInfo,
  staffInvitationToken,
  staffLoginRequest,
  staffLoginResponse,
  staffTotpEnrolmentRequest,
  totpSetup,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../../domain/audit/audit.js";
import {
  enableTotp,
  findStaffForLogin,
  findStaffPasswordHash,
  findStaffProfile,
  normalizeStaffEmail,
  setPendingTotpSecret,
  useTotpStep,
} from "../../domain/staff/staff.js";
import { acceptStaffInvitation, findStaffByLink } from "../../domain/staff/staff-links.js";
import { claimAttempts, releaseAttempts } from "../../domain/tenants/auth.js";
import { badRequest, conflict, forbidden, HttpError, unauthorized } from "../../lib/errors.js";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords.js";
import { signSessionToken } from "../../lib/tokens.js";
import { newTotpSecret, totpEnrolment, verifyTotp } from "../../lib/totp.js";

type Db = Parameters<typeof claimAttempts>[0];

export const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };
const RETRY_AFTER = { "retry-after": String(LOGIN_WINDOW_SECONDS) };
export const CODE_INVALID = "Der Code ist falsch oder abgelaufen.";
export const CODE_USED =
  "Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code Ihrer Authenticator-App (alle 30 Sekunden).";
export const MANDATORY = "Für Administratoren ist der zweite Faktor vorgeschrieben.";

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
export async function confirmPassword(db: Db, staffId: string, currentPassword: string) {
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

export async function issueToken(app: { config: { jwtSecret: Uint8Array } }, staffId: string, version: number) {
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
      // The caller gets one answer for both; the log (read by Administrators only) tells them apart.
      const failed = async (reason: "unknown_email" | "wrong_password" | "totp") => {
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
        await failed(staff ? "wrong_password" : "unknown_email");
        throw unauthorized("invalid_credentials");
      }
      // Administrators never sign in with the password alone: without a second factor they set it
      // up first (POST /staff/auth/login/totp-setup); the first code then switches it on here.
      const enrolling = staff.totp_enabled !== 1 && roleRequiresTotp(staff.role);
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
      if (staff.totp_enabled === 1 || !roleRequiresTotp(staff.role)) {
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
      const required = roleRequiresTotp(link.role);
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
        role: link.role,
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
      const needsTotp = roleRequiresTotp(link.role) && link.totp_enabled !== 1;
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
