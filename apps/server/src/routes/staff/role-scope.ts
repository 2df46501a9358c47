import type { StaffRole } from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../../lib/errors.js";

/**
 * Roles that see only part of the console, by route (deny by default): a route added later stays
 * closed to them until it is named here. A Dienstleister (issue 27 §1, decision 048) works on the
 * Einsätze of their buildings and their own account, and nothing else: every other staff route is
 * 403 before its handler runs. Building scope comes on top, in each route as for every role.
 */
const ALLOWED: Partial<Record<StaffRole, (route: string) => boolean>> = {
  dienstleister: (route) =>
    route.startsWith("/api/v1/staff/auth/") ||
    route === "/api/v1/staff/service-visits" ||
    route === "/api/v1/staff/service-visits/services" ||
    route === "/api/v1/staff/service-records" ||
    route.startsWith("/api/v1/staff/service-records/"),
};

/** The staff scope's hook: 403 when the signed-in role may not use this route at all. */
export async function refuseOutsideRole(request: FastifyRequest): Promise<void> {
  const allowed = ALLOWED[request.staff.role];
  if (allowed && !allowed(request.routeOptions.url ?? "")) throw new HttpError(403, "forbidden");
}
