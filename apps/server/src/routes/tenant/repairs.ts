import { apiError, idParams, pageQuery, repair, repairList, repairRequest } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRepair, findRepair, listRepairs } from "../../domain/repairs/repairs.js";
import { notFound } from "../../lib/errors.js";
import { PHOTO_BODY_LIMIT } from "../../lib/limits.js";
import { mailContextOf } from "../../lib/mail-context.js";
import { PAGINATION_DESCRIPTION, pagedList, sendPage } from "../../lib/pagination.js";
import { checkPhotos } from "../../lib/uploads.js";
import { writeQuota } from "../../plugins/app/write-quotas.js";

export const repairRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/repairs",
    {
      schema: {
        tags: ["repairs"],
        summary: "The tenant's repairs, newest first, with photos and status history",
        description: PAGINATION_DESCRIPTION,
        querystring: pageQuery,
        response: { 200: pagedList(repairList), 400: apiError, 401: apiError },
      },
    },
    async (request, reply) => sendPage(reply, await listRepairs(request.db, request.auth.tenantId, request.query)),
  );

  app.get(
    "/repairs/:id",
    {
      schema: {
        tags: ["repairs"],
        summary: "One repair with photos and status history",
        params: idParams,
        response: { 200: repair, 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request) => {
      const found = await findRepair(request.db, request.auth.tenantId, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.post(
    "/repairs",
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      preHandler: writeQuota("repair"),
      schema: {
        tags: ["repairs"],
        summary: "Report a repair with up to 3 photos as data URLs; starts in status reported",
        body: repairRequest,
        response: { 201: repair, 400: apiError, 401: apiError, 409: apiError, 413: apiError, 422: apiError },
      },
    },
    async (request, reply) => {
      const { type, location, description, urgency, photos } = request.body;
      // Every photo is decoded and checked before anything is stored.
      const checked = await checkPhotos(photos, "Reparatur-Foto");
      const created = await createRepair(
        request.db,
        app.files,
        request.auth.tenantId,
        { type, location, description, urgency, photos: checked, actorName: request.auth.displayName },
        mailContextOf(app),
      );
      return reply.code(201).send(created);
    },
  );
};
