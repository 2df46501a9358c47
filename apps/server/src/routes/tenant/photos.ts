import { apiError, idParams } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findPhoto } from "../../domain/photos/photos.js";
import { notFound } from "../../lib/errors.js";
import { sendStoredFile } from "../../lib/send-file.js";

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/photos/:id",
    {
      schema: {
        tags: ["photos"],
        summary: "A meter or repair photo's image bytes (owner only); photos never change",
        params: idParams,
        response: { 200: z.any().describe("The image bytes"), 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const photo = await findPhoto(request.db, request.auth.tenantId, request.params.id);
      if (!photo) throw notFound();
      return sendStoredFile(app, request, reply, { ...photo, disposition: "inline" });
    },
  );
};
