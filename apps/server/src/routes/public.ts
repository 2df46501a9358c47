import { apiError, healthResponse, publicConfig } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pingDatabase } from "../db/connection.js";
import { HttpError } from "../lib/errors.js";

export const APP_VERSION = "1.0.0";

/** Routes without API key: load balancer health, the public brand, the API description. */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "200 when the database answers",
        response: { 200: healthResponse, 503: apiError },
      },
    },
    async () => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        app.log.error({ err }, "health check: database unreachable");
        throw new HttpError(503, "service_unavailable");
      }
      return { status: "ok" as const, database: "ok" as const };
    },
  );

  app.get(
    "/config",
    { schema: { tags: ["system"], summary: "Public brand and contact data", response: { 200: publicConfig } } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { brand: app.config.brand, version: APP_VERSION };
    },
  );

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
};
