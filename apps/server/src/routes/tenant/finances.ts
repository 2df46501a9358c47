import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// PLACEHOLDER — being written by a teammate right now; replaced before this lands.
export const financeRoutes: FastifyPluginAsyncZod = async () => {};
