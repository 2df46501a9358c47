import { roleCan, roleSeesAllBuildings, type StaffCapability, type StaffRole } from "@mieter-portal/contracts/staff";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError, unauthorized } from "../../lib/errors.js";
import { verifySessionToken } from "../../lib/tokens.js";
import { findStaffSession } from "../../repositories/staff.js";
import { bearerToken } from "./authenticate.js";

export interface StaffContext {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  jti: string;
  exp: number;
  /** Administrators: every building; the others: buildingIds only. */
  allBuildings: boolean;
  buildingIds: string[];
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the staff authentication hook on every route of the staff scope. */
    staff: StaffContext;
  }
}

/**
 * Authentication of the staff scope: a valid staff token (audience "staff"; tenant tokens are
 * refused, as staff tokens are on tenant routes), not revoked, of the account's current session
 * version, for an active account. Sets request.staff with the role and buildings.
 */
export function requireStaff(scope: FastifyInstance): void {
  scope.decorateRequest("staff", null as never);
  scope.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });
  scope.addHook("onRequest", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized("unauthorized");
    const verified = await verifySessionToken(scope.config.jwtSecret, token);
    if (!verified.ok) throw unauthorized(verified.problem === "expired" ? "token_expired" : "token_invalid");
    const { claims } = verified;
    if (claims.aud !== "staff") throw unauthorized("token_invalid");
    const state = await findStaffSession(scope.db, claims.sub, claims.jti);
    if (!state?.active) throw unauthorized("token_invalid");
    if (state.revoked || claims.ver !== state.session_version) throw unauthorized("token_revoked");
    const role = state.role as StaffRole;
    request.staff = {
      id: state.id,
      name: state.name,
      email: state.email,
      role,
      jti: claims.jti,
      exp: claims.exp,
      allBuildings: roleSeesAllBuildings(role),
      buildingIds: state.buildingIds,
    };
  });
}

/** A route hook: 403 unless the signed-in staff member's role has the capability. */
export const requireCapability = (capability: StaffCapability) => async (request: FastifyRequest) => {
  if (!roleCan(request.staff.role, capability)) throw new HttpError(403, "forbidden");
};

/** True when the staff member may see things of this building. */
export function inScope(staff: StaffContext, buildingId: string | null): boolean {
  if (staff.allBuildings) return true;
  return buildingId !== null && staff.buildingIds.includes(buildingId);
}
