import { apiError, tenantPreferences } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tenantWantsMail } from "../../domain/notifications/notifications.js";
import { setTenantNotifyEmail } from "../../domain/tenants/tenants.js";
import { notFound } from "../../lib/errors.js";

export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  // request.db: inside a keyed change it is the change's transaction (app.db would wait for it).
  const read = async (db: typeof app.db, tenantId: string) => {
    const row = await tenantWantsMail(db, tenantId);
    if (!row) throw notFound();
    return { email_notifications: row.notify_email === 1 };
  };

  app.get(
    "/preferences",
    {
      schema: {
        tags: ["preferences"],
        summary: "The tenant's notification preference (e-mail about the management's answers)",
        response: { 200: tenantPreferences, 401: apiError },
      },
    },
    async (request) => read(request.db, request.auth.tenantId),
  );

  app.put(
    "/preferences",
    {
      schema: {
        tags: ["preferences"],
        summary: "Turn e-mail notifications on or off",
        body: tenantPreferences,
        response: { 200: tenantPreferences, 400: apiError, 401: apiError, 409: apiError, 422: apiError },
      },
    },
    async (request) => {
      await setTenantNotifyEmail(request.db, request.auth.tenantId, request.body.email_notifications);
      return read(request.db, request.auth.tenantId);
    },
  );
};
