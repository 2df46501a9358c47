import { apiError, idParams } from "@mieter-portal/contracts";
import { buildingSite, buildingSiteRequest, savedBuildingSite } from "@mieter-portal/contracts/services";
import { roleCan } from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { buildingSiteOf, setBuildingSite } from "../../domain/staff/buildings.js";
import { HttpError, notFound } from "../../lib/errors.js";
import { assertInScope, auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/**
 * Where a house is (issue 27 §2): the crews' position check on Beginn needs it. Read and set by
 * those who plan the house's services (Administrators, Verwalter of the building); a house without a
 * position records Beginn as "nicht geprüft".
 */
export const staffBuildingSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/buildings/:id/site",
    {
      schema: {
        tags: ["staff"],
        summary: "A house's saved position and radius, or null while none is saved (Administrators, Verwalter)",
        params: idParams,
        response: { 200: savedBuildingSite, ...errors },
      },
    },
    async (request) => {
      if (!roleCan(request.staff.role, "service_plans")) throw new HttpError(403, "forbidden");
      assertInScope(request, request.params.id);
      const site = await buildingSiteOf(app.db, request.params.id);
      if (site === undefined) throw notFound();
      return site;
    },
  );

  app.put(
    "/staff/buildings/:id/site",
    {
      schema: {
        tags: ["staff"],
        summary: "Set a house's position and the radius that still counts as 'am Objekt' (Administrators, Verwalter)",
        params: idParams,
        body: buildingSiteRequest,
        response: { 200: buildingSite, ...errors },
      },
    },
    async (request) => {
      if (!roleCan(request.staff.role, "service_plans")) throw new HttpError(403, "forbidden");
      assertInScope(request, request.params.id);
      const site = request.body;
      if (!(await setBuildingSite(app.db, auditActor(request), request.params.id, site))) throw notFound();
      return { building_id: request.params.id, ...site };
    },
  );
};
