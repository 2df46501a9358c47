import { apiError, idParams } from "@mieter-portal/contracts";
import {
  serviceRatingsQuery,
  serviceRatingsSummary,
  serviceReport,
  serviceReportsQuery,
} from "@mieter-portal/contracts/services";
import { roleCan } from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ratingsSummary } from "../../domain/services/ratings.js";
import { findServiceReportPhoto, listServiceReports } from "../../domain/services/reports.js";
import { HttpError, notFound } from "../../lib/errors.js";
import { sendStoredFile } from "../../lib/send-file.js";
import { assertInScope } from "./scope.js";
import { checkServicePeriod } from "./service-period.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/** Tenants' reports and ratings are read by those who plan the services. */
function needPlans(request: FastifyRequest): void {
  if (!roleCan(request.staff.role, "service_plans")) throw new HttpError(403, "forbidden");
}

const buildingsOf = (request: FastifyRequest) => (request.staff.allBuildings ? "all" : request.staff.buildingIds);

/** The buildings asked for: one (checked against the staff member's scope) or all in scope. */
function scopeOf(request: FastifyRequest, buildingId: string | undefined): string[] | "all" {
  if (!buildingId) return buildingsOf(request);
  assertInScope(request, buildingId);
  return [buildingId];
}

/**
 * What tenants say about the services (issue 27 §3, decision 048), for Administrators and Verwalter
 * of the building: ratings per service and team (never a tenant's name) and the "Leistung fehlt"
 * reports with their photos.
 */
export const staffServiceFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/service-ratings",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Tenants' ratings of the visits of a period (at most 366 days): average and count per service and per team, and the comments without names",
        querystring: serviceRatingsQuery,
        response: { 200: serviceRatingsSummary, ...errors },
      },
    },
    async (request) => {
      needPlans(request);
      const { building_id, from, until } = request.query;
      checkServicePeriod(from, until);
      return ratingsSummary(app.db, scopeOf(request, building_id), from, until);
    },
  );

  app.get(
    "/staff/service-reports",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Tenants' 'Leistung fehlt' reports of the buildings in scope (newest 100), e.g. the one of a conversation or those of a week (by the day they name)",
        querystring: serviceReportsQuery,
        response: { 200: z.array(serviceReport), ...errors },
      },
    },
    async (request) => {
      needPlans(request);
      const { building_id, thread_id, from, until } = request.query;
      checkServicePeriod(from, until);
      return listServiceReports(app.db, {
        buildingIds: scopeOf(request, building_id),
        ...(thread_id ? { threadId: thread_id } : {}),
        ...(from ? { from } : {}),
        ...(until ? { until } : {}),
      });
    },
  );

  app.get(
    "/staff/service-report-photos/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "A photo of a tenant's service report, for the staff of its building",
        params: idParams,
        response: { 200: z.any().describe("The image bytes"), ...errors },
      },
    },
    async (request, reply) => {
      needPlans(request);
      const photo = await findServiceReportPhoto(app.db, request.params.id);
      if (!photo) throw notFound();
      assertInScope(request, photo.building_id);
      return sendStoredFile(app, request, reply, { ...photo, disposition: "inline" });
    },
  );
};
