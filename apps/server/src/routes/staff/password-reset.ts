import { apiError, LOGIN_WINDOW_SECONDS, okResponse } from "@mieter-portal/contracts";
import {
  STAFF_RESET_MESSAGES,
  staffPasswordResetConfirm,
  staffPasswordResetInfo,
  staffPasswordResetRequest,
  staffPasswordResetToken,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { normalizeStaffEmail } from "../../domain/staff/staff.js";
import { findStaffResetLink } from "../../domain/staff/staff-links.js";
import { finishStaffPasswordReset, startStaffPasswordReset } from "../../domain/staff/staff-password-reset.js";
import { claimAttempts } from "../../domain/tenants/auth.js";
import { forbidden, HttpError } from "../../lib/errors.js";
import { hashPassword } from "../../lib/passwords.js";
import { sendStaffResetMail, staffResetLink } from "../../lib/staff-reset-mail.js";
import { RESET_MAILS_PER_WINDOW, RESET_REQUESTS_PER_IP } from "../auth.js";

const RETRY_AFTER = { "retry-after": String(LOGIN_WINDOW_SECONDS) };

/** Why a link does not work, as the API's error (the console shows a page for each). */
function linkRefused(state: "invalid" | "expired" | "used" | "inactive"): HttpError {
  if (state === "inactive") return forbidden("staff_inactive");
  return new HttpError(400, `staff_reset_link_${state}`);
}

/**
 * "Passwort vergessen?" on the staff login (issue 25 item 22, decision 033), by the tenants' rules:
 * always 202 whatever the address, limits per IP (429) and per address (no more mails), a one-time
 * link valid 60 minutes. Setting the password signs nobody in. API key required, no token.
 */
export const staffPasswordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/staff/auth/password-reset",
    {
      schema: {
        tags: ["staff"],
        summary: "Mail a one-time link to set a new staff password; always 202 so addresses cannot be probed",
        body: staffPasswordResetRequest,
        response: { 202: okResponse, 400: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const perIp = await claimAttempts(
        app.db,
        [{ scope: "staff-reset-ip", subject: request.ip }],
        RESET_REQUESTS_PER_IP,
        LOGIN_WINDOW_SECONDS,
      );
      if (!perIp.allowed) throw new HttpError(429, "too_many_requests", undefined, undefined, RETRY_AFTER);
      // Whatever depends on the address happens after the answer: it takes the same time for any address.
      const email = normalizeStaffEmail(request.body.email);
      const ip = request.ip;
      app.background.run("staff password-reset mail", async () => {
        const perAddress = await claimAttempts(
          app.db,
          [{ scope: "staff-reset", subject: email }],
          RESET_MAILS_PER_WINDOW,
          LOGIN_WINDOW_SECONDS,
        );
        if (!perAddress.allowed) return;
        const started = await startStaffPasswordReset(app.db, email, ip);
        if (!started) return;
        await sendStaffResetMail(app.mailer, app.config, {
          to: started.to,
          name: started.name,
          link: staffResetLink(app.config, started.token),
        });
      });
      return reply.code(202).send({ success: true as const, message: STAFF_RESET_MESSAGES.requested });
    },
  );

  app.post(
    "/staff/auth/password-reset/info",
    {
      schema: {
        tags: ["staff"],
        summary: "Whether a reset link still works (400 staff_reset_link_invalid / _expired / _used), and whose it is",
        body: staffPasswordResetToken,
        response: { 200: staffPasswordResetInfo, 400: apiError, 403: apiError },
      },
    },
    async (request) => {
      const link = await findStaffResetLink(app.db, request.body.token);
      if (link.state !== "valid") throw linkRefused(link.state);
      return { email: link.email, name: link.name };
    },
  );

  app.post(
    "/staff/auth/password-reset/confirm",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Set a new password with the reset link; every session and other link of the account ends; signs nobody in",
        body: staffPasswordResetConfirm,
        response: { 200: okResponse, 400: apiError, 403: apiError },
      },
    },
    async (request) => {
      const hash = await hashPassword(request.body.newPassword);
      const result = await finishStaffPasswordReset(app.db, request.body.token, hash, request.ip);
      if (result.kind !== "ok") throw linkRefused(result.kind);
      return { success: true as const, message: STAFF_RESET_MESSAGES.done };
    },
  );
};
