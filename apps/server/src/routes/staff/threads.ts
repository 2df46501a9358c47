import { apiError, idParams, okResponse } from "@mieter-portal/contracts";
import {
  cannedReply,
  cannedReplyRequest,
  staffNewThreadRequest,
  staffReplyRequest,
  staffThread,
  staffThreadWritten,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "../../repositories/canned-replies.js";
import { tenantRefOf } from "../../repositories/staff-tenants.js";
import {
  findStaffThread,
  markThreadHandled,
  replyAsStaff,
  startConversation,
} from "../../repositories/staff-threads.js";
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

    messages.get(
      "/staff/canned-replies",
      { schema: { tags: ["staff"], summary: "Textbausteine", response: { 200: z.array(cannedReply), 401: apiError } } },
      async () => listCannedReplies(app.db),
    );
  });

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook("preHandler", requireCapability("canned_replies"));

    admin.post(
      "/staff/canned-replies",
      {
        schema: {
          tags: ["staff"],
          summary: "Add a Textbaustein (Administrators)",
          body: cannedReplyRequest,
          response: { 201: cannedReply, ...errors },
        },
      },
      async (request, reply) => {
        const id = await createCannedReply(app.db, request.body, auditActor(request));
        const created = (await listCannedReplies(app.db)).find((c) => c.id === id);
        if (!created) throw notFound();
        return reply.code(201).send(created);
      },
    );

    admin.patch(
      "/staff/canned-replies/:id",
      {
        schema: {
          tags: ["staff"],
          summary: "Change a Textbaustein (Administrators)",
          params: idParams,
          body: cannedReplyRequest,
          response: { 200: cannedReply, ...errors },
        },
      },
      async (request) => {
        if (!(await updateCannedReply(app.db, request.params.id, request.body, auditActor(request)))) throw notFound();
        const updated = (await listCannedReplies(app.db)).find((c) => c.id === request.params.id);
        if (!updated) throw notFound();
        return updated;
      },
    );

    admin.delete(
      "/staff/canned-replies/:id",
      {
        schema: {
          tags: ["staff"],
          summary: "Remove a Textbaustein (Administrators)",
          params: idParams,
          response: { 200: okResponse, ...errors },
        },
      },
      async (request) => {
        if (!(await deleteCannedReply(app.db, request.params.id, auditActor(request)))) throw notFound();
        return { success: true as const, message: "Textbaustein gelöscht." };
      },
    );
  });
};
