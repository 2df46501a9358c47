import { apiError, idParams } from "@mieter-portal/contracts";
import {
  auditPage,
  auditQuery,
  building,
  staffCreateRequest,
  staffMember,
  staffUpdateRequest,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listAudit } from "../../domain/audit/audit.js";
import { listBuildings } from "../../domain/staff/buildings.js";
import {
  changeStaff,
  inviteStaff,
  resendInvitation,
  resetSecondFactor,
  type StaffAdminResult,
} from "../../domain/staff/staff-admin.js";
import { findStaffMember, listStaff } from "../../domain/staff/staff-members.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { auditActor, mailContext } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/** 404, 409 or 400 (with the field) for a refused change. */
function throwUnlessOk<T>(result: StaffAdminResult<T>): T {
  if (result.kind === "ok") return result.value;
  if (result.kind === "not_found") throw notFound();
  if (result.kind === "conflict") throw conflict(result.message);
  throw badRequest(result.message, { [result.field]: result.message });
}

/** Buildings for everyone; staff management for Administrators; the audit log for those who may read it. */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/buildings",
    {
      schema: {
        tags: ["staff"],
        summary: "My buildings (Administrators: all) with their number of tenants",
        response: { 200: z.array(building), 401: apiError },
      },
    },
    async (request) => listBuildings(app.db, request.staff.allBuildings ? "all" : request.staff.buildingIds),
  );

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook("preHandler", requireCapability("manage_staff"));

    async function memberOrNotFound(id: string) {
      const member = await findStaffMember(app.db, id);
      if (!member) throw notFound();
      return member;
    }

    admin.get(
      "/staff/users",
      {
        schema: {
          tags: ["staff"],
          summary: "Every staff member with role, buildings and status (Administrators)",
          response: { 200: z.array(staffMember), ...errors },
        },
      },
      async () => listStaff(app.db),
    );

    admin.post(
      "/staff/users",
      {
        schema: {
          tags: ["staff"],
          summary:
            "Invite a staff member (no password yet): a one-time link valid 72 hours goes out by e-mail (Administrators)",
          body: staffCreateRequest,
          response: { 201: staffMember, ...errors },
        },
      },
      async (request, reply) => {
        const id = throwUnlessOk(await inviteStaff(app.db, request.body, auditActor(request), mailContext(app)));
        return reply.code(201).send(await memberOrNotFound(id));
      },
    );

    admin.patch(
      "/staff/users/:id",
      {
        schema: {
          tags: ["staff"],
          summary:
            "Change name, role, buildings or the active flag (Administrators; not your own role or access; Administrators need a second factor)",
          params: idParams,
          body: staffUpdateRequest,
          response: { 200: staffMember, ...errors },
        },
      },
      async (request) => {
        throwUnlessOk(await changeStaff(app.db, request.params.id, request.body, auditActor(request)));
        return memberOrNotFound(request.params.id);
      },
    );

    admin.post(
      "/staff/users/:id/invitation",
      {
        schema: {
          tags: ["staff"],
          summary: "Send a new invitation link; earlier links stop working (Administrators)",
          params: idParams,
          response: { 200: staffMember, ...errors },
        },
      },
      async (request) => {
        throwUnlessOk(await resendInvitation(app.db, request.params.id, auditActor(request), mailContext(app)));
        return memberOrNotFound(request.params.id);
      },
    );

    admin.post(
      "/staff/users/:id/totp-reset",
      {
        schema: {
          tags: ["staff"],
          summary:
            "Reset a colleague's lost second factor: their sessions end, they set it up again at the next sign-in (Administrators; not your own; audited)",
          params: idParams,
          response: { 200: staffMember, ...errors },
        },
      },
      async (request) => {
        throwUnlessOk(await resetSecondFactor(app.db, request.params.id, auditActor(request)));
        return memberOrNotFound(request.params.id);
      },
    );
  });

  await app.register(async (scope) => {
    const audit = scope.withTypeProvider<ZodTypeProvider>();
    audit.addHook("preHandler", requireCapability("audit"));

    audit.get(
      "/staff/audit",
      {
        schema: {
          tags: ["staff"],
          summary: "The audit log, newest first, filtered by person, entity, action and dates (Administrators)",
          querystring: auditQuery,
          response: { 200: auditPage, ...errors },
        },
      },
      async (request) => {
        const page = await listAudit(app.db, request.query);
        if (page === "bad_cursor") throw badRequest("Die Angabe zur nächsten Seite ist ungültig. Bitte laden Sie neu.");
        return page;
      },
    );
  });
};
