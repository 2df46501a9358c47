import { apiError, idParams, pageQuery, tenantNotice, tenantNoticeList } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listTenantNotices, markNoticeAffected } from "../../domain/notices/tenant-notices.js";
import { conflict, notFound } from "../../lib/errors.js";
import { PAGINATION_DESCRIPTION, pagedList, sendPage } from "../../lib/pagination.js";

export const NOTICE_NOT_EMERGENCY = "„Betrifft mich auch“ gibt es nur bei Störungen.";
export const NOTICE_NOT_CURRENT = "Dieser Aushang ist nicht mehr aktuell.";

/**
 * Notices (Aushänge, issue 14 §4): the current ones of the tenant's building and those for all
 * buildings. request.db: inside a keyed change it is the change's transaction (app.db would wait).
 */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notices",
    {
      schema: {
        tags: ["notices"],
        summary: "Current notices of the tenant's building and those for all buildings, newest first",
        description: PAGINATION_DESCRIPTION,
        querystring: pageQuery,
        response: { 200: pagedList(tenantNoticeList), 400: apiError, 401: apiError },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listTenantNotices(request.db, request.auth.tenantId, request.query)),
  );

  app.post(
    "/notices/:id/affected",
    {
      schema: {
        tags: ["notices"],
        summary:
          "'Betrifft mich auch' on a current emergency notice: recorded once per tenant; a second call changes nothing and answers the same",
        params: idParams,
        response: { 200: tenantNotice, 400: apiError, 401: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => {
      const result = await markNoticeAffected(request.db, request.auth.tenantId, request.params.id);
      if (result === "not_found") throw notFound();
      if (result === "not_emergency") throw conflict(NOTICE_NOT_EMERGENCY);
      if (result === "not_current") throw conflict(NOTICE_NOT_CURRENT);
      return result;
    },
  );
};
