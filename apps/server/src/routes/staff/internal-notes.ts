import { apiError, idParams } from "@mieter-portal/contracts";
import { internalNote, internalNoteRequest, roleCan } from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addEntityNote,
  listInternalNotes,
  type NoteEntity,
  noteEntityBuilding,
} from "../../domain/inbox/internal-notes.js";
import { HttpError, notFound } from "../../lib/errors.js";
import { assertInScope, auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** Who may read and write the notes: whoever may open the item (a Hausmeister: appointments, tenants). */
const CAPABILITY = { thread: "messages", appointment: "appointments", tenant: "tenants" } as const;

const params = idParams.extend({ entity: z.enum(["thread", "appointment", "tenant"]) });

/** Internal notes on conversations, appointments and tenants (issue 25 §15); the repairs' are on their routes. */
export const staffInternalNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  async function buildingInScope(request: Parameters<typeof assertInScope>[0], entity: NoteEntity, id: string) {
    if (!roleCan(request.staff.role, CAPABILITY[entity])) throw new HttpError(403, "forbidden");
    const found = await noteEntityBuilding(app.db, entity, id);
    if (!found) throw notFound();
    assertInScope(request, found.buildingId);
    return found.buildingId;
  }

  app.get(
    "/staff/notes/:entity/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "The internal notes of a conversation, appointment or tenant (never shown to the tenant)",
        params,
        response: { 200: z.array(internalNote), ...errors },
      },
    },
    async (request) => {
      const { entity, id } = request.params;
      await buildingInScope(request, entity, id);
      return listInternalNotes(app.db, entity, id);
    },
  );

  app.post(
    "/staff/notes/:entity/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "Add an internal note to a conversation, appointment or tenant",
        params,
        body: internalNoteRequest,
        response: { 200: z.array(internalNote), ...errors },
      },
    },
    async (request) => {
      const { entity, id } = request.params;
      const buildingId = await buildingInScope(request, entity, id);
      await addEntityNote(app.db, entity, id, request.body.note, auditActor(request), buildingId);
      return listInternalNotes(app.db, entity, id);
    },
  );
};
