import { apiError, idParams } from "@mieter-portal/contracts";
import {
  appointmentAcceptRequest,
  appointmentDeclineRequest,
  appointmentProposeRequest,
  staffAppointment,
  staffNewAppointmentRequest,
} from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createAppointmentProposal, proposeAppointmentTime } from "../../domain/appointments/appointment-proposals.js";
import {
  acceptAppointment,
  declineAppointment,
  findStaffAppointment,
  type StaffAppointmentResult,
} from "../../domain/appointments/staff-appointments.js";
import { tenantRefOf } from "../../domain/tenants/staff-tenants.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor, mailContext, staffSignature } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/** 400 with the field, 409 with the rule's German reason, 404 when it vanished meanwhile. */
function throwUnlessOk(result: StaffAppointmentResult): void {
  if (result.kind === "ok") return;
  if (result.kind === "not_found") throw notFound();
  if (result.kind === "conflict") throw conflict(result.message);
  throw badRequest(result.message, { [result.field]: result.message });
}

export const staffAppointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireCapability("appointments"));

  const actor = (request: FastifyRequest) => ({ ...auditActor(request), signature: staffSignature(app, request) });

  /** The appointment, or 404 when it does not exist or belongs to another building. */
  async function appointmentInScope(request: FastifyRequest, id: string) {
    const found = await findStaffAppointment(app.db, id);
    if (!found) throw notFound();
    assertInScope(request, found.buildingId);
    return found.appointment;
  }

  app.get(
    "/staff/appointments/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "An appointment (request or proposal) with its tenant",
        params: idParams,
        response: { 200: staffAppointment, ...errors },
      },
    },
    async (request) => appointmentInScope(request, request.params.id),
  );

  app.post(
    "/staff/appointments/:id/accept",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Accept a tenant's request at a concrete time inside the requested slot (Berlin time): confirmed; the tenant is mailed",
        params: idParams,
        body: appointmentAcceptRequest,
        response: { 200: staffAppointment, ...errors },
      },
    },
    async (request) => {
      await appointmentInScope(request, request.params.id);
      throwUnlessOk(await acceptAppointment(app.db, request.params.id, request.body, actor(request), mailContext(app)));
      return appointmentInScope(request, request.params.id);
    },
  );

  app.post(
    "/staff/appointments/:id/decline",
    {
      schema: {
        tags: ["staff"],
        summary: "Decline a request or call off an appointment with a reason the tenant reads: canceled",
        params: idParams,
        body: appointmentDeclineRequest,
        response: { 200: staffAppointment, ...errors },
      },
    },
    async (request) => {
      await appointmentInScope(request, request.params.id);
      throwUnlessOk(
        await declineAppointment(app.db, request.params.id, request.body.reason, actor(request), mailContext(app)),
      );
      return appointmentInScope(request, request.params.id);
    },
  );

  app.post(
    "/staff/appointments/:id/propose",
    {
      schema: {
        tags: ["staff"],
        summary: "Propose another time: pending again, waiting for the tenant to confirm or cancel",
        params: idParams,
        body: appointmentProposeRequest,
        response: { 200: staffAppointment, ...errors },
      },
    },
    async (request) => {
      await appointmentInScope(request, request.params.id);
      throwUnlessOk(
        await proposeAppointmentTime(app.db, request.params.id, request.body, actor(request), mailContext(app)),
      );
      return appointmentInScope(request, request.params.id);
    },
  );

  app.post(
    "/staff/appointments",
    {
      schema: {
        tags: ["staff"],
        summary: "Propose a new appointment to a tenant (pending until the tenant confirms it)",
        body: staffNewAppointmentRequest,
        response: { 201: staffAppointment, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = await tenantRefOf(app.db, request.body.tenant_id);
      if (!tenant) throw notFound();
      assertInScope(request, tenant.buildingId);
      const { tenant_id, ...input } = request.body;
      const created = await createAppointmentProposal(
        app.db,
        { ...input, tenantId: tenant_id },
        actor(request),
        mailContext(app),
      );
      if (created.kind === "invalid") throw badRequest(created.message, { [created.field]: created.message });
      return reply.code(201).send(await appointmentInScope(request, created.id));
    },
  );
};
