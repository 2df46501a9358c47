import {
  apiError,
  pushDeliveryOverview,
  staffPushPreferences,
  staffPushPreferencesUpdate,
} from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deliveryOverview } from "../../domain/push/deliveries.js";
import { setStaffPushPreferences, staffPushPreferencesOf } from "../../domain/push/preferences.js";
import { forbidden } from "../../lib/errors.js";
import { pushDeviceRoutes } from "../push-devices.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };

/**
 * Web Push for staff (issue 29): the console on a desktop or tablet, for emergency repairs,
 * "Leistung fehlt", items assigned to me and overdue items; the 15-minute digest stays. Not for
 * Dienstleister (role-scope.ts refuses them every route not named there).
 */
export const staffPushRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    pushDeviceRoutes({ prefix: "/staff", tag: "staff-push", owner: (r) => ({ kind: "staff", id: r.staff.id }) }),
  );

  app.get(
    "/staff/push/preferences",
    {
      schema: {
        tags: ["staff-push"],
        summary: "Which events I get by push",
        response: { 200: staffPushPreferences, ...errors },
      },
    },
    async (request) => staffPushPreferencesOf(request.db, request.staff.id),
  );

  app.put(
    "/staff/push/preferences",
    {
      schema: {
        tags: ["staff-push"],
        summary: "Change some of my push choices; answers all of them",
        body: staffPushPreferencesUpdate,
        response: { 200: staffPushPreferences, ...errors },
      },
    },
    async (request) => setStaffPushPreferences(request.db, request.staff.id, request.body),
  );

  app.get(
    "/staff/push/deliveries",
    {
      preValidation: async (request) => {
        if (request.staff.role !== "administrator")
          throw forbidden("forbidden", "Die Zustellung der Push-Nachrichten sehen nur Administratoren.");
      },
      schema: {
        tags: ["staff-push"],
        summary: "Administrators: pushes of the last 7 days by state, devices, the newest problems",
        response: { 200: pushDeliveryOverview, ...errors },
      },
    },
    async (request) => deliveryOverview(request.db, new Date(Date.now() - 7 * 24 * 3600_000).toISOString()),
  );
};
