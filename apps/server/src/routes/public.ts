import { apiError, healthResponse, publicConfig } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { HttpError } from "../lib/errors.js";
import { APP_VERSION } from "../lib/version.js";

/** /health's answer while the database answers (load balancers ask it all the time). */
const HEALTHY = JSON.stringify(healthResponse.parse({ status: "ok", database: "ok" }));

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
    async (_request, reply) => {
      try {
        await app.database.ping();
      } catch (err) {
        app.log.error({ err }, "health check: database unreachable");
        throw new HttpError(503, "service_unavailable");
      }
      // The answer never changes: checked against the contract once (HEALTHY) and sent as the text
      // it is, since Fastify sends a string without serialising it. With the ping past Kysely this
      // takes off what the profile showed /health paying beyond a bare Fastify route: Kysely's path
      // for `select 1` (7 % of the CPU) and the schema check per answer (2 %, issue 13). The type
      // provider only knows the object form.
      return reply.type("application/json; charset=utf-8").send(HEALTHY as unknown as z.infer<typeof healthResponse>);
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
