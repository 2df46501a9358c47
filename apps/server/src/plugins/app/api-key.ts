import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../../lib/errors.js";

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Adds the X-API-Key check (spec section 6) to every route of the scope it is called in. */
export function requireApiKey(scope: FastifyInstance): void {
  const keys = scope.config.apiKeys;
  scope.addHook("onRequest", async (request: FastifyRequest) => {
    const given = request.headers["x-api-key"];
    if (typeof given !== "string" || !keys.some((k) => safeEqual(k, given))) {
      throw unauthorized("invalid_api_key");
    }
  });
}
