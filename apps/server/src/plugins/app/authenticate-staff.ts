import { roleCan, roleSeesAllBuildings, type StaffCapability, type StaffRole } from "@mieter-portal/contracts/staff";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { findStaffSession } from "../../domain/staff/staff.js";
import { HttpError, unauthorized } from "../../lib/errors.js";
import { bearerClaims, noStore } from "./authenticate.js";

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
  noStore(scope);
  scope.addHook("onRequest", async (request: FastifyRequest) => {
    const claims = await bearerClaims(scope, request, "staff");
    const state = await findStaffSession(scope.db, claims.sub, claims.jti);
    if (!state?.active) throw unauthorized("token_invalid");
    if (state.revoked || claims.ver !== state.session_version) throw unauthorized("token_revoked");
    const role = state.role;
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
