import { apiError, idParams } from "@mieter-portal/contracts";
import {
  internalNoteRequest,
  repairStatusChange,
  roleCan,
  staffNewRepair,
  staffRepair,
  staffRepairCreated,
  staffRepairWritten,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addInternalNote,
  changeRepairStatusByStaff,
  createRepairByStaff,
  findStaffRepair,
  tenantOfNewRepair,
} from "../../domain/repairs/staff-repairs.js";
import { buildingsExist } from "../../domain/staff/buildings.js";
import { tenantRefOf } from "../../domain/tenants/staff-tenants.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
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

  app.post(
    "/staff/repairs",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Create a repair for a tenant or from a tenant's conversation (the tenant sees it in the app), or for a building's common areas",
        body: staffNewRepair,
        response: { 201: staffRepairCreated, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const actor = { ...auditActor(request), signature: staffSignature(app, request) };
      if (body.building_id) {
        // A common-area repair: the building must be one of the staff member's (404 otherwise).
        if (!(await buildingsExist(app.db, [body.building_id]))) throw notFound();
        assertInScope(request, body.building_id);
        const id = await createRepairByStaff(app.db, app.files, { building: body.building_id }, body, actor);
        return reply.code(201).send({ id });
      }
      // Only who may read the conversation may turn it into a repair (a Hausmeister may not).
      if (body.thread_id && !roleCan(request.staff.role, "messages")) throw notFound();
      const tenantId = await tenantOfNewRepair(app.db, body);
      if (tenantId === "thread_mismatch") {
        throw badRequest("Die Nachricht gehört zu einem anderen Mieter. Bitte legen Sie die Reparatur dort an.", {
          thread_id: "Die Nachricht gehört zu einem anderen Mieter.",
        });
      }
      if (!tenantId) throw notFound();
      assertInScope(request, (await tenantRefOf(app.db, tenantId))?.buildingId ?? null);
      const id = await createRepairByStaff(app.db, app.files, { tenant: tenantId }, body, actor);
      return reply.code(201).send({ id });
    },
  );

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
        response: { 200: staffRepairWritten, ...errors },
      },
    },
    async (request) => {
      await repairInScope(request, request.params.id);
      const { emailed } = await changeRepairStatusByStaff(
        app.db,
        request.params.id,
        request.body,
        { ...auditActor(request), signature: staffSignature(app, request) },
        mailContext(app),
      );
      return { ...(await repairInScope(request, request.params.id)), tenant_emailed: emailed };
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
