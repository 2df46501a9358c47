import { apiError, okResponse } from "@mieter-portal/contracts";
import {
  staffPasswordChange,
  staffProfile,
  staffProfileUpdate,
  totpConfirm,
  totpSetup,
  totpSetupRequest,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../../domain/audit/audit.js";
import {
  disableTotp,
  enableTotp,
  findStaffProfile,
  findTotp,
  revokeStaffToken,
  setNotifyNewItems,
  setPendingTotpSecret,
  setStaffPassword,
} from "../../domain/staff/staff.js";
import { releaseAttempts } from "../../domain/tenants/auth.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../lib/errors.js";
import { hashPassword } from "../../lib/passwords.js";
import { newTotpSecret, totpEnrolment, verifyTotp } from "../../lib/totp.js";
import { CODE_INVALID, CODE_USED, confirmPassword, errors, issueToken, MANDATORY } from "./auth.js";
import { auditActor } from "./scope.js";

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
