import { apiError, idParams, uuid } from "@mieter-portal/contracts";
import {
  crewService,
  serviceKind,
  serviceKindRequest,
  servicePlan,
  servicePlanChangeRequest,
  servicePlanEndRequest,
  servicePlanRequest,
  serviceVisit,
  serviceVisitsQuery,
} from "@mieter-portal/contracts/services";
import { roleCan, type StaffCapability } from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addServiceKind, listServiceKinds } from "../../domain/services/catalogue.js";
import { listCrewServices } from "../../domain/services/crew-services.js";
import {
  changeServicePlan,
  createServicePlan,
  endServicePlan,
  listServicePlans,
  PLAN_REFUSALS,
  type PlanRefusal,
  servicePlanBuilding,
} from "../../domain/services/plans.js";
import { listServiceVisits } from "../../domain/services/visits.js";
import { buildingsExist } from "../../domain/staff/buildings.js";
import { badRequest, conflict, HttpError, notFound } from "../../lib/errors.js";
import { assertInScope, auditActor } from "./scope.js";
import { checkServicePeriod } from "./service-period.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

const UNKNOWN_BUILDING = "Unbekanntes Gebäude.";

/** Which field each refusal belongs to, so the console shows it there. */
const REFUSAL_FIELD: Record<PlanRefusal, string> = {
  startsInPast: "valid_from",
  changeNotFuture: "effective_from",
  unknownService: "service_kind_id",
  ended: "id",
  endBeforeStart: "last_day",
  endInPast: "last_day",
};

const refuse = (refusal: PlanRefusal) =>
  refusal === "ended"
    ? conflict(PLAN_REFUSALS.ended)
    : badRequest(PLAN_REFUSALS[refusal], { [REFUSAL_FIELD[refusal]]: PLAN_REFUSALS[refusal] });

function need(request: FastifyRequest, capability: StaffCapability): void {
  if (!roleCan(request.staff.role, capability)) throw new HttpError(403, "forbidden");
}

const buildingsOf = (request: FastifyRequest) => (request.staff.allBuildings ? "all" : request.staff.buildingIds);

/**
 * House, garden and winter services (issue 27 §1): the catalogue, a building's plans and the planned
 * Einsätze. Administrators and Verwalter plan (their buildings); Hausmeister see the Einsätze of theirs.
 */
export const staffServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/services/kinds",
    {
      schema: {
        tags: ["staff"],
        summary: "The services' catalogue: German defaults and the company's own, with their BetrKV category",
        response: { 200: z.array(serviceKind), ...errors },
      },
    },
    async (request) => {
      need(request, "service_plans");
      return listServiceKinds(app.db);
    },
  );

  app.post(
    "/staff/services/kinds",
    {
      schema: {
        tags: ["staff"],
        summary: "Add a service of the company's own to the catalogue",
        body: serviceKindRequest,
        response: { 201: serviceKind, ...errors },
      },
    },
    async (request, reply) => {
      need(request, "service_plans");
      const result = await addServiceKind(app.db, auditActor(request), request.body);
      if (result === "duplicate") {
        const message = "Eine Leistung mit diesem Namen gibt es schon.";
        throw badRequest(message, { name: message });
      }
      return reply.code(201).send(result);
    },
  );

  app.get(
    "/staff/service-plans",
    {
      schema: {
        tags: ["staff"],
        summary: "The service plans of the buildings in scope (current and future; ended ones on request)",
        querystring: z.object({
          building_id: uuid.optional(),
          include_ended: z
            .enum(["true", "false"])
            .optional()
            .transform((v) => v === "true"),
        }),
        response: { 200: z.array(servicePlan), ...errors },
      },
    },
    async (request) => {
      need(request, "service_plans");
      const { building_id, include_ended } = request.query;
      if (building_id) assertInScope(request, building_id);
      return listServicePlans(app.db, buildingsOf(request), {
        ...(building_id ? { buildingId: building_id } : {}),
        includeEnded: include_ended,
      });
    },
  );

  app.post(
    "/staff/service-plans",
    {
      schema: {
        tags: ["staff"],
        summary: "Plan a service for a building; its Einsätze for the next eight weeks are made at once",
        body: servicePlanRequest,
        response: { 201: z.object({ id: uuid }), ...errors },
      },
    },
    async (request, reply) => {
      need(request, "service_plans");
      assertInScope(request, request.body.building_id);
      if (!(await buildingsExist(app.db, [request.body.building_id]))) {
        throw badRequest(UNKNOWN_BUILDING, { building_id: UNKNOWN_BUILDING });
      }
      const result = await createServicePlan(app.db, auditActor(request), request.body);
      if (typeof result === "string") throw refuse(result);
      return reply.code(201).send(result);
    },
  );

  app.post(
    "/staff/service-plans/:id/change",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Change a plan from a future day on: the plan ends the day before, a successor takes the new fields; earlier Einsätze stay",
        params: idParams,
        body: servicePlanChangeRequest,
        response: { 201: z.object({ id: uuid }), ...errors },
      },
    },
    async (request, reply) => {
      need(request, "service_plans");
      const building = await servicePlanBuilding(app.db, request.params.id);
      if (!building) throw notFound();
      assertInScope(request, building);
      const result = await changeServicePlan(app.db, auditActor(request), request.params.id, request.body);
      if (result === "not_found") throw notFound();
      if (typeof result === "string") throw refuse(result);
      return reply.code(201).send(result);
    },
  );

  app.post(
    "/staff/service-plans/:id/end",
    {
      schema: {
        tags: ["staff"],
        summary: "End a plan after a day (today at the earliest); its later Einsätze are withdrawn",
        params: idParams,
        body: servicePlanEndRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      need(request, "service_plans");
      const building = await servicePlanBuilding(app.db, request.params.id);
      if (!building) throw notFound();
      assertInScope(request, building);
      const result = await endServicePlan(app.db, auditActor(request), request.params.id, request.body.last_day);
      if (result === "not_found") throw notFound();
      if (result !== "ok") throw refuse(result);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/staff/service-visits",
    {
      schema: {
        tags: ["staff"],
        summary: "The planned Einsätze of a period (Berlin dates, at most 366 days) in the buildings in scope",
        querystring: serviceVisitsQuery,
        response: { 200: z.array(serviceVisit), ...errors },
      },
    },
    async (request) => {
      need(request, "service_visits");
      const { building_id, from, until } = request.query;
      checkServicePeriod(from, until);
      if (building_id) assertInScope(request, building_id);
      return listServiceVisits(
        app.db,
        { buildingIds: buildingsOf(request), ...(building_id ? { buildingId: building_id } : {}) },
        from,
        until,
      );
    },
  );

  app.get(
    "/staff/service-visits/services",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The services a crew member may record unplanned in their buildings: those planned there today (with the plan's checklist and team) and 'Sonstige Leistung'",
        response: { 200: z.array(crewService), ...errors },
      },
    },
    async (request) => {
      need(request, "service_visits");
      return listCrewServices(app.db, { buildingIds: buildingsOf(request) });
    },
  );
};
