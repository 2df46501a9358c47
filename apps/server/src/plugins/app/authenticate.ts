import type { FastifyInstance, FastifyRequest } from "fastify";
import { findSessionState, hasPortalAccess } from "../../domain/tenants/auth.js";
import { unauthorized } from "../../lib/errors.js";
import { type TokenAudience, type VerifiedToken, verifySessionToken } from "../../lib/tokens.js";

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The checked claims of the request's bearer token for one realm (tenant tokens carry no
 * audience, staff tokens "staff"; neither is accepted in the other's realm), or a 401.
 */
export async function bearerClaims(
  scope: FastifyInstance,
  request: FastifyRequest,
  audience: TokenAudience | undefined,
): Promise<VerifiedToken> {
  const token = bearerToken(request);
  if (!token) throw unauthorized("unauthorized");
  const verified = await verifySessionToken(scope.config.jwtSecret, token);
  if (!verified.ok) throw unauthorized(verified.problem === "expired" ? "token_expired" : "token_invalid");
  if (verified.claims.aud !== audience) throw unauthorized("token_invalid");
  return verified.claims;
}

/** Marks every answer of the scope no-store: account data never rests in an HTTP cache. */
export function noStore(scope: FastifyInstance): void {
  scope.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });
}

/**
 * Adds authentication to every route of the scope it is called in: a valid HS256 token whose
 * jti is not revoked, issued after the last password change, for a tenant whose portal access
 * has not ended. Sets request.auth.
 */
export function requireTenant(scope: FastifyInstance): void {
  scope.decorateRequest("auth", null as never);
  // A tenant's data never rests in a shared or browser HTTP cache (the app keeps its own caches).
  noStore(scope);
  scope.addHook("onRequest", async (request: FastifyRequest) => {
    const claims = await bearerClaims(scope, request, undefined);
    const state = await findSessionState(scope.db, claims.sub, claims.jti);
    if (!state) throw unauthorized("token_invalid");
    if (state.revoked) throw unauthorized("token_revoked");
    // Tokens issued before a password change or reset are no longer valid: the change raised the
    // version. (The iat check covers tokens from before versions existed, which all carry 0.)
    if (claims.ver !== state.session_version || claims.iat * 1000 < Date.parse(state.password_changed_at)) {
      throw unauthorized("token_revoked");
    }
    if (!hasPortalAccess(state.access_base_end)) throw unauthorized("access_ended");
    request.auth = {
      tenantId: claims.sub,
      jti: claims.jti,
      exp: claims.exp,
      email: state.email,
      displayName: `${state.first_name} ${state.last_name}`.trim(),
    };
  });
}
