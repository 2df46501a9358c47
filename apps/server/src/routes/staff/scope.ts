import type { InboxKind } from "@mieter-portal/contracts/staff";
import { roleCan } from "@mieter-portal/contracts/staff";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuditActor } from "../../domain/audit/audit.js";
import { INBOX_KIND_CAPABILITY, type InboxScope } from "../../domain/inbox/inbox.js";
import { notFound } from "../../lib/errors.js";
import { inScope } from "../../plugins/app/authenticate-staff.js";

/** Who acts, for the audit log: the signed-in staff member and the client's address. */
export const auditActor = (request: FastifyRequest): AuditActor => ({
  staffId: request.staff.id,
  name: request.staff.name,
  ip: request.ip,
});

/** How the staff member signs messages to tenants: "Sabine Krüger, Grünfeld Hausverwaltung". */
export const staffSignature = (app: FastifyInstance, request: FastifyRequest) =>
  `${request.staff.name}, ${app.config.brand.companyName}`;

export { mailContextOf as mailContext } from "../../lib/mail-context.js";

/** The kinds and buildings of the inbox the staff member may see. */
export function inboxScopeOf(request: FastifyRequest): InboxScope {
  const kinds = (Object.keys(INBOX_KIND_CAPABILITY) as InboxKind[]).filter((kind) =>
    roleCan(request.staff.role, INBOX_KIND_CAPABILITY[kind]),
  );
  return {
    staffId: request.staff.id,
    allBuildings: request.staff.allBuildings,
    buildingIds: request.staff.buildingIds,
    kinds,
  };
}

/**
 * 404 unless the item's building is one of the staff member's: items of other buildings do not
 * exist for them (no hint that the id is real).
 */
export function assertInScope(request: FastifyRequest, buildingId: string | null): void {
  if (!inScope(request.staff, buildingId)) throw notFound();
}
