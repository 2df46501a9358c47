import { apiError, idParams } from "@mieter-portal/contracts";
import { roleCan, staffTenantDetail, staffTenantSummary, staffTenantsQuery } from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listStaffTenants } from "../../domain/tenants/staff-tenant-list.js";
import { findStaffTenantDetail } from "../../domain/tenants/staff-tenants.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const staffTenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireCapability("tenants"));

  app.get(
    "/staff/tenants",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Tenants of my buildings by name; q finds name, e-mail or address (every word, ignoring case); paginated by cursor",
        querystring: staffTenantsQuery,
        response: {
          200: z.object({ items: z.array(staffTenantSummary), next_cursor: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => {
      if (request.query.building) assertInScope(request, request.query.building);
      const page = await listStaffTenants(app.db, request.staff, request.query);
      if (page === "bad_cursor") throw badRequest("Die Angabe zur nächsten Seite ist ungültig. Bitte laden Sie neu.");
      return page;
    },
  );

  app.get(
    "/staff/tenants/:id",
    {
      schema: {
        tags: ["staff"],
        summary:
          "A tenant's page: tenancy, repairs, conversations, appointments, documents and readings (as far as the role may see them)",
        params: idParams,
        response: { 200: staffTenantDetail, ...errors },
      },
    },
    async (request) => {
      const role = request.staff.role;
      const found = await findStaffTenantDetail(app.db, request.params.id, {
        finances: roleCan(role, "finances"),
        messages: roleCan(role, "messages"),
        documents: roleCan(role, "documents"),
        meterReadings: roleCan(role, "meter_readings"),
      });
      if (!found) throw notFound();
      assertInScope(request, found.buildingId);
      return found.detail;
    },
  );
};
