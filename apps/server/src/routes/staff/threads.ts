import { apiError, idParams, okResponse } from "@mieter-portal/contracts";
import {
  cannedReply,
  cannedReplyRequest,
  roleCan,
  type StaffRole,
  staffNewThreadRequest,
  staffReplyRequest,
  staffThread,
  staffThreadWritten,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createCannedReply,
  deleteCannedReply,
  findCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "../../domain/messages/canned-replies.js";
import {
  findStaffThread,
  markThreadHandled,
  replyAsStaff,
  startConversation,
} from "../../domain/messages/staff-threads.js";
import { tenantRefOf } from "../../domain/tenants/staff-tenants.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor, mailContext, staffSignature } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const staffThreadRoutes: FastifyPluginAsyncZod = async (app) => {
  const author = (request: Parameters<typeof auditActor>[0]) => ({
    ...auditActor(request),
    staffId: request.staff.id,
    signature: staffSignature(app, request),
  });

  async function threadInScope(request: Parameters<typeof assertInScope>[0], id: string) {
    const found = await findStaffThread(app.db, id);
    if (!found) throw notFound();
    assertInScope(request, found.buildingId);
    return found.thread;
  }

  await app.register(async (scope) => {
    const messages = scope.withTypeProvider<ZodTypeProvider>();
    messages.addHook("preHandler", requireCapability("messages"));

    messages.get(
      "/staff/threads/:id",
      {
        schema: {
          tags: ["staff"],
          summary: "A conversation with all its messages",
          params: idParams,
          response: { 200: staffThread, ...errors },
        },
      },
      async (request) => threadInScope(request, request.params.id),
    );

    messages.post(
      "/staff/threads/:id/replies",
      {
        schema: {
          tags: ["staff"],
          summary: "Answer the tenant as the signed-in staff member",
          params: idParams,
          body: staffReplyRequest,
          response: { 200: staffThreadWritten, ...errors },
        },
      },
      async (request) => {
        await threadInScope(request, request.params.id);
        const { emailed } = await replyAsStaff(
          app.db,
          request.params.id,
          request.body.content,
          author(request),
          mailContext(app),
        );
        return { ...(await threadInScope(request, request.params.id)), tenant_emailed: emailed };
      },
    );

    messages.post(
      "/staff/threads/:id/handled",
      {
        schema: {
          tags: ["staff"],
          summary: "Mark handled without a reply",
          params: idParams,
          response: { 200: staffThread, ...errors },
        },
      },
      async (request) => {
        await threadInScope(request, request.params.id);
        await markThreadHandled(app.db, request.params.id, auditActor(request));
        return threadInScope(request, request.params.id);
      },
    );

    messages.post(
      "/staff/threads",
      {
        schema: {
          tags: ["staff"],
          summary: "Start a conversation with a tenant",
          body: staffNewThreadRequest,
          response: { 201: staffThreadWritten, ...errors },
        },
      },
      async (request, reply) => {
        const tenant = await tenantRefOf(app.db, request.body.tenant_id);
        if (!tenant) throw notFound();
        assertInScope(request, tenant.buildingId);
        const started = await startConversation(app.db, tenant.id, request.body, author(request), mailContext(app));
        return reply.code(201).send({ ...(await threadInScope(request, started.id)), tenant_emailed: started.emailed });
      },
    );

    const reader = (request: { staff: { id: string; role: StaffRole } }) => ({
      staffId: request.staff.id,
      keepsShared: roleCan(request.staff.role, "canned_replies"),
    });
    const sharedOnlyForAdmins = () => forbidden("forbidden", "Gemeinsame Textbausteine ändern nur Administratoren.");

    messages.get(
      "/staff/canned-replies",
      {
        schema: {
          tags: ["staff"],
          summary: "Textbausteine: the shared ones and the signed-in staff member's own",
          response: { 200: z.array(cannedReply), 401: apiError },
        },
      },
      async (request) => listCannedReplies(app.db, reader(request)),
    );

    messages.post(
      "/staff/canned-replies",
      {
        schema: {
          tags: ["staff"],
          summary: "Add a Textbaustein: one's own, or a shared one (Administrators)",
          body: cannedReplyRequest,
          response: { 201: cannedReply, ...errors },
        },
      },
      async (request, reply) => {
        const id = await createCannedReply(app.db, request.body, reader(request), auditActor(request));
        const created = await findCannedReply(app.db, id, reader(request));
        if (!created) throw notFound();
        return reply.code(201).send(created);
      },
    );

    messages.patch(
      "/staff/canned-replies/:id",
      {
        schema: {
          tags: ["staff"],
          summary: "Change one's own Textbaustein, or a shared one (Administrators)",
          params: idParams,
          body: cannedReplyRequest,
          response: { 200: cannedReply, ...errors },
        },
      },
      async (request) => {
        const done = await updateCannedReply(
          app.db,
          request.params.id,
          request.body,
          reader(request),
          auditActor(request),
        );
        if (done === "forbidden") throw sharedOnlyForAdmins();
        const updated = done ? await findCannedReply(app.db, request.params.id, reader(request)) : undefined;
        if (!updated) throw notFound();
        return updated;
      },
    );

    messages.delete(
      "/staff/canned-replies/:id",
      {
        schema: {
          tags: ["staff"],
          summary: "Remove one's own Textbaustein, or a shared one (Administrators)",
          params: idParams,
          response: { 200: okResponse, ...errors },
        },
      },
      async (request) => {
        const done = await deleteCannedReply(app.db, request.params.id, reader(request), auditActor(request));
        if (done === "forbidden") throw sharedOnlyForAdmins();
        if (!done) throw notFound();
        return { success: true as const, message: "Textbaustein gelöscht." };
      },
    );
  });
};
