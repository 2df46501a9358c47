import { apiError, idParams } from "@mieter-portal/contracts";
import { assignRequest, inboxKind, inboxPage, inboxQuery, personRef, roleCan } from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assignItem } from "../../domain/inbox/assignments.js";
import { findInboxItem, listInbox } from "../../domain/inbox/inbox.js";
import { findPhotoById } from "../../domain/photos/photos.js";
import { colleaguesFor } from "../../domain/staff/staff-members.js";
import { tenantRefOf } from "../../domain/tenants/staff-tenants.js";
import { badRequest, HttpError, notFound } from "../../lib/errors.js";
import { sendStoredFile } from "../../lib/send-file.js";
import { assertInScope, auditActor, inboxScopeOf, mailContext } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const staffInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/staff/inbox",
    {
      schema: {
        tags: ["staff"],
        summary: "Everything that waits for the management in my buildings, most urgent first, with counts",
        querystring: inboxQuery,
        response: { 200: inboxPage, ...errors },
      },
    },
    async (request) => {
      const scope = inboxScopeOf(request);
      const { query } = request;
      if (query.kind && !scope.kinds.includes(query.kind)) throw new HttpError(403, "forbidden");
      if (query.building) assertInScope(request, query.building);
      const page = await listInbox(app.db, scope, query);
      if (page === "bad_cursor") throw badRequest("Die Angabe zur nächsten Seite ist ungültig. Bitte laden Sie neu.");
      return page;
    },
  );

  app.post(
    "/staff/inbox/:kind/:id/assign",
    {
      schema: {
        tags: ["staff"],
        summary: "Assign an open item to a colleague (or to nobody)",
        params: idParams.extend({ kind: inboxKind }),
        body: assignRequest,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      if (!inboxScopeOf(request).kinds.includes(kind)) throw new HttpError(403, "forbidden");
      const item = await findInboxItem(app.db, kind, id);
      if (!item) throw notFound();
      assertInScope(request, item.building_id);
      const assigneeId = request.body.assignee_id;
      if (assigneeId) {
        const allowed = await colleaguesFor(app.db, item.building_id ? [item.building_id] : []);
        if (!allowed.some((c) => c.id === assigneeId)) {
          throw badRequest("Diese Person ist für das Gebäude nicht zuständig.", {
            assignee_id: "Diese Person ist für das Gebäude nicht zuständig.",
          });
        }
      }
      if (!(await assignItem(app.db, kind, id, assigneeId, auditActor(request), mailContext(app)))) throw notFound();
      return { success: true as const };
    },
  );

  app.get(
    "/staff/inbox/:kind/:id/assignees",
    {
      schema: {
        tags: ["staff"],
        summary: "Staff who may be assigned this item: those who serve its building (and the Administrators)",
        params: idParams.extend({ kind: inboxKind }),
        response: { 200: z.array(personRef), ...errors },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      if (!inboxScopeOf(request).kinds.includes(kind)) throw new HttpError(403, "forbidden");
      const item = await findInboxItem(app.db, kind, id);
      if (!item) throw notFound();
      assertInScope(request, item.building_id);
      const rows = await colleaguesFor(app.db, item.building_id ? [item.building_id] : []);
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },
  );

  app.get(
    "/staff/colleagues",
    {
      schema: {
        tags: ["staff"],
        summary: "Staff who may be assigned items of my buildings",
        response: { 200: z.array(personRef), 401: apiError },
      },
    },
    async (request) => {
      const rows = await colleaguesFor(app.db, request.staff.allBuildings ? "all" : request.staff.buildingIds);
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },
  );

  app.get(
    "/staff/photos/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "A repair or meter photo of my buildings (image bytes)",
        params: idParams,
        response: { 200: z.any().describe("The image bytes"), ...errors },
      },
    },
    async (request, reply) => {
      const photo = await findPhotoById(app.db, request.params.id);
      if (!photo) throw notFound();
      const capability = photo.owner_type === "repair" ? "repairs" : "meter_readings";
      if (!roleCan(request.staff.role, capability)) throw notFound();
      assertInScope(request, (await tenantRefOf(app.db, photo.tenant_id))?.buildingId ?? null);
      return sendStoredFile(app, request, reply, { ...photo, disposition: "inline" });
    },
  );
};
