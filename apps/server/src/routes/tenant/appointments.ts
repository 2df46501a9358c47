import {
  apiError,
  appointment,
  appointmentDateProblem,
  appointmentList,
  appointmentRequest,
  appointmentStatusUpdate,
  appointmentsQuery,
  idParams,
} from "@mieter-portal/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeAppointmentStatus,
  findAppointment,
  listAppointments,
  requestAppointment,
  type TenantActor,
} from "../../domain/appointments/appointments.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { mailContextOf } from "../../lib/mail-context.js";
import { PAGINATION_DESCRIPTION, pagedList, sendPage } from "../../lib/pagination.js";
import { berlinToday } from "../../lib/time.js";
import { writeQuota } from "../../plugins/app/write-quotas.js";

const actorOf = (request: FastifyRequest): TenantActor => ({
  tenantId: request.auth.tenantId,
  name: request.auth.displayName,
});

const mutationErrors = { 400: apiError, 401: apiError, 409: apiError, 422: apiError };

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/appointments",
    {
      schema: {
        tags: ["appointments"],
        summary: "The tenant's appointments, earliest start first; upcoming=true keeps those starting after now",
        description: PAGINATION_DESCRIPTION,
        querystring: appointmentsQuery,
        response: { 200: pagedList(appointmentList), 400: apiError, 401: apiError },
      },
    },
    async (request, reply) => {
      const { upcoming, ...page } = request.query;
      const found = await listAppointments(request.db, request.auth.tenantId, {
        ...page,
        upcoming: upcoming === "true",
      });
      return sendPage(reply, found);
    },
  );

  app.get(
    "/appointments/:id",
    {
      schema: {
        tags: ["appointments"],
        summary: "One appointment",
        params: idParams,
        response: { 200: appointment, 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request) => {
      const found = await findAppointment(request.db, request.auth.tenantId, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.post(
    "/appointments",
    {
      preHandler: writeQuota("appointment"),
      schema: {
        tags: ["appointments"],
        summary:
          "Request an appointment in a time slot on a working day (Monday to Friday, no Berlin holiday) from tomorrow up to 6 months ahead (Europe/Berlin); it starts as pending",
        body: appointmentRequest,
        response: { 201: appointment, ...mutationErrors },
      },
    },
    async (request, reply) => {
      // Working days in Berlin, tomorrow up to 6 months ahead (decision 008); nothing is written otherwise.
      const dateProblem = appointmentDateProblem(request.body.date, berlinToday());
      if (dateProblem) throw badRequest(dateProblem, { date: dateProblem });
      const created = await requestAppointment(request.db, actorOf(request), request.body, mailContextOf(app));
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/appointments/:id/status",
    {
      schema: {
        tags: ["appointments"],
        summary:
          "Confirm a proposal of the management (origin management, pending → confirmed) or cancel (pending | confirmed → canceled); the tenant's own request (origin tenant) waits for the management: confirming it answers 409",
        params: idParams,
        body: appointmentStatusUpdate,
        response: { 200: appointment, 404: apiError, ...mutationErrors },
      },
    },
    async (request) => {
      const result = await changeAppointmentStatus(
        request.db,
        actorOf(request),
        request.params.id,
        request.body.status,
      );
      if (result.kind === "not_found") throw notFound();
      if (result.kind === "conflict") throw conflict(result.message);
      return result.appointment;
    },
  );
};
