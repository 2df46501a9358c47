import { apiError, idParams } from "@mieter-portal/contracts";
import { tenantServices } from "@mieter-portal/contracts/services";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tenantServicePhoto, tenantServicesOf } from "../../domain/services/tenant-view.js";
import { notFound } from "../../lib/errors.js";
import { sendStoredFile } from "../../lib/send-file.js";

/** The house's services as the tenant sees them (issue 27 §3): zuletzt erledigt, nächster Termin, the photo. */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/services",
    {
      schema: {
        tags: ["services"],
        summary:
          "The services the management shows for the tenant's house: when each was last done (crew by first name and team) and next planned",
        response: { 200: tenantServices, 401: apiError },
      },
    },
    async (request) => tenantServicesOf(request.db, request.auth.tenantId),
  );

  app.get(
    "/service-photos/:id",
    {
      schema: {
        tags: ["services"],
        summary: "An after-photo of a finished Einsatz in the tenant's house, of a service shown to tenants",
        params: idParams,
        response: { 200: z.any().describe("The image bytes"), 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const photo = await tenantServicePhoto(request.db, request.auth.tenantId, request.params.id);
      if (!photo) throw notFound();
      return sendStoredFile(app, request, reply, { ...photo, disposition: "inline" });
    },
  );
};
