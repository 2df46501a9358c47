import {
  apiError,
  idParams,
  pushDevice,
  pushDeviceList,
  pushSubscriptionRequest,
  vapidPublicKeyAnswer,
} from "@mieter-portal/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listDevices, type PushOwner, removeDevice, saveSubscription } from "../domain/push/subscriptions.js";
import { badRequest, notFound } from "../lib/errors.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError };

export const DEVICE_NOT_FOUND = "Dieses Gerät ist nicht (mehr) für Push angemeldet. Bitte die Geräteliste neu laden.";

/**
 * The device routes of a realm (issue 29), the same for tenants and staff: the VAPID key, register
 * or renew this device, list and remove devices. The owner is always the signed-in person (`owner`),
 * never anything in the request, so nobody can register or remove someone else's device.
 */
export function pushDeviceRoutes(options: {
  prefix: string;
  tag: string;
  owner: (request: FastifyRequest) => PushOwner;
}): FastifyPluginAsyncZod {
  const { prefix, tag, owner } = options;
  return async (app) => {
    app.get(
      `${prefix}/push/key`,
      {
        schema: {
          tags: [tag],
          summary: "The server's VAPID public key (applicationServerKey for pushManager.subscribe)",
          response: { 200: vapidPublicKeyAnswer, ...errors },
        },
      },
      async () => ({ public_key: app.config.push.publicKey }),
    );

    app.put(
      `${prefix}/push/subscription`,
      {
        schema: {
          tags: [tag],
          summary: "Register or renew this device's push subscription (call at every app start)",
          body: pushSubscriptionRequest,
          response: { 200: pushDevice, ...errors },
        },
      },
      async (request) => {
        const host = new URL(request.body.endpoint).hostname.toLowerCase();
        if (!app.config.push.serviceHosts.some((known) => host === known || host.endsWith(`.${known}`))) {
          const message =
            "Diese Push-Adresse gehört zu keinem bekannten Push-Dienst. Bitte Push in einem aktuellen Browser (Chrome, Edge, Firefox oder Safari) erneut einschalten.";
          throw badRequest(message, { endpoint: message });
        }
        return saveSubscription(request.db, owner(request), request.body, request.headers["user-agent"]);
      },
    );

    app.get(
      `${prefix}/push/devices`,
      {
        schema: {
          tags: [tag],
          summary: "My devices that receive push messages",
          response: { 200: pushDeviceList, ...errors },
        },
      },
      async (request) => ({ devices: await listDevices(request.db, owner(request)) }),
    );

    app.delete(
      `${prefix}/push/devices/:id`,
      {
        schema: {
          tags: [tag],
          summary: "Remove one of my devices (no more push messages to it)",
          params: idParams,
          response: { 204: z.null(), 404: apiError, ...errors },
        },
      },
      async (request, reply) => {
        if (!(await removeDevice(request.db, owner(request), request.params.id))) throw notFound(DEVICE_NOT_FOUND);
        return reply.code(204).send(null);
      },
    );
  };
}
