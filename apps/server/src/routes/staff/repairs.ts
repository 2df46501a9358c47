import { apiError, idParams } from "@mieter-portal/contracts";
import { internalNoteRequest, repairStatusChange, staffRepair } from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { addInternalNote, changeRepairStatusByStaff, findStaffRepair } from "../../repositories/staff-repairs.js";
import { assertInScope, auditActor, mailContext, staffSignature } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const staffRepairRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireCapability("repairs"));

  /** The repair, or 404 when it does not exist or belongs to another building. */
  async function repairInScope(request: Parameters<typeof assertInScope>[0], id: string) {
    const found = await findStaffRepair(app.db, id);
    if (!found) throw notFound();
    assertInScope(request, found.buildingId);
    return found.repair;
  }

  app.get(
    "/staff/repairs/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "A repair with photos, history and internal notes",
        params: idParams,
        response: { 200: staffRepair, ...errors },
      },
    },
    async (request) => repairInScope(request, request.params.id),
  );

  app.post(
    "/staff/repairs/:id/status",
    {
      schema: {
        tags: ["staff"],
        summary: "Change the status (planned date and window, note to the tenant, reason when canceling)",
        params: idParams,
        body: repairStatusChange,
        response: { 200: staffRepair, ...errors },
      },
    },
    async (request) => {
      await repairInScope(request, request.params.id);
      await changeRepairStatusByStaff(
        app.db,
        request.params.id,
        request.body,
        { ...auditActor(request), signature: staffSignature(app, request) },
        mailContext(app),
      );
      return repairInScope(request, request.params.id);
    },
  );

  app.post(
    "/staff/repairs/:id/notes",
    {
      schema: {
        tags: ["staff"],
        summary: "Add an internal note (never shown to the tenant)",
        params: idParams,
        body: internalNoteRequest,
        response: { 200: staffRepair, ...errors },
      },
    },
    async (request) => {
      await repairInScope(request, request.params.id);
      await addInternalNote(app.db, request.params.id, request.body.note, auditActor(request));
      return repairInScope(request, request.params.id);
    },
  );
};
