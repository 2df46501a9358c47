import { apiError, tenantNotifyPreferences, tenantNotifyPreferencesUpdate } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { setTenantNotifyPreferences, tenantNotifyPreferencesOf } from "../../domain/push/preferences.js";
import { pushDeviceRoutes } from "../push-devices.js";

const errors = { 400: apiError, 401: apiError, 429: apiError };

/** Web Push for tenants (issue 29): devices, and per event e-mail and/or push. */
export const tenantPushRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    pushDeviceRoutes({ prefix: "", tag: "push", owner: (r) => ({ kind: "tenant", id: r.auth.tenantId }) }),
  );

  app.get(
    "/push/preferences",
    {
      schema: {
        tags: ["push"],
        summary: "Per event: e-mail and/or push (defaults filled in)",
        response: { 200: tenantNotifyPreferences, ...errors },
      },
    },
    async (request) => tenantNotifyPreferencesOf(request.db, request.auth.tenantId),
  );

  app.put(
    "/push/preferences",
    {
      schema: {
        tags: ["push"],
        summary: "Change the channels of some events; answers all of them",
        body: tenantNotifyPreferencesUpdate,
        response: { 200: tenantNotifyPreferences, 409: apiError, ...errors },
      },
    },
    async (request) => setTenantNotifyPreferences(request.db, request.auth.tenantId, request.body),
  );
};
