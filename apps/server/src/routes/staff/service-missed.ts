import { apiError, idParams, uuid } from "@mieter-portal/contracts";
import { serviceMissedCloseRequest, serviceMissedVisit } from "@mieter-portal/contracts/services";
import { roleCan } from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { closeMissedVisit, listMissedVisits, missedVisitBuilding } from "../../domain/services/missed.js";
import { conflict, HttpError, notFound } from "../../lib/errors.js";
import { assertInScope, auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/**
 * Missed visits (issue 27 §4, decision 048): what the Eingang's "Einsatz verpasst" opens, for those
 * who plan the building's services (Administrators, Verwalter of the building).
 */
export const staffServiceMissedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", async (request) => {
    if (!roleCan(request.staff.role, "service_plans")) throw new HttpError(403, "forbidden");
  });

  app.get(
    "/staff/service-missed",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Visits whose window passed without a finished Einsatz in the buildings in scope: the open ones, or all of a period",
        querystring: z.object({
          building_id: uuid.optional(),
          /** One visit (the Eingang's link to it), open or closed. */
          visit_id: uuid.optional(),
          open: z
            .enum(["true", "false"])
            .optional()
            .transform((v) => v !== "false"),
          from: z.iso.date({ error: "Bitte ein Datum im Format JJJJ-MM-TT angeben." }).optional(),
          until: z.iso.date({ error: "Bitte ein Datum im Format JJJJ-MM-TT angeben." }).optional(),
        }),
        response: { 200: z.array(serviceMissedVisit), ...errors },
      },
    },
    async (request) => {
      const { building_id, visit_id, open, from, until } = request.query;
      if (building_id) assertInScope(request, building_id);
      const buildings = building_id ? [building_id] : request.staff.allBuildings ? "all" : request.staff.buildingIds;
      return listMissedVisits(app.db, buildings, {
        open: visit_id ? false : open,
        ...(visit_id ? { visitId: visit_id } : {}),
        ...(from ? { from } : {}),
        ...(until ? { until } : {}),
      });
    },
  );

  app.post(
    "/staff/service-missed/:id/close",
    {
      schema: {
        tags: ["staff"],
        summary: "Note what was done about a missed visit (e.g. done the next day); its Eingang item closes",
        params: idParams,
        body: serviceMissedCloseRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const building = await missedVisitBuilding(app.db, request.params.id);
      if (!building) throw notFound();
      assertInScope(request, building);
      const result = await closeMissedVisit(app.db, auditActor(request), request.params.id, request.body.note);
      if (result === "closed_already") throw conflict("Dieser verpasste Einsatz ist schon erledigt.");
      return reply.code(204).send(null);
    },
  );
};
