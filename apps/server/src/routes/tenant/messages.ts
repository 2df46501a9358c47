import {
  apiError,
  idParams,
  MESSAGE_TEXTS,
  messageList,
  messagesQuery,
  messageThread,
  newConversationRequest,
  okResponse,
  replyRequest,
  threadMessage,
} from "@mieter-portal/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { addReply, createThread, markThreadRead, type TenantActor } from "../../domain/messages/messages.js";
import { findThread, listReceived, listThreads } from "../../domain/messages/thread-reads.js";
import { notFound } from "../../lib/errors.js";
import { mailContextOf } from "../../lib/mail-context.js";
import { PAGINATION_DESCRIPTION, pagedList, sendPage } from "../../lib/pagination.js";
import { writeQuota } from "../../plugins/app/write-quotas.js";

const actorOf = (request: FastifyRequest): TenantActor => ({
  tenantId: request.auth.tenantId,
  name: request.auth.displayName,
});

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/messages",
    {
      schema: {
        tags: ["messages"],
        summary:
          "Conversations, newest first, each with its newest message; filter=unread keeps unread ones; filter=received lists those the management wrote in by its newest message there (described by it)",
        description: PAGINATION_DESCRIPTION,
        querystring: messagesQuery,
        response: { 200: pagedList(messageList), 400: apiError, 401: apiError },
      },
    },
    async (request, reply) => {
      const { filter, ...page } = request.query;
      const tenantId = request.auth.tenantId;
      if (filter === "received") return sendPage(reply, await listReceived(request.db, tenantId, page));
      return sendPage(reply, await listThreads(request.db, tenantId, filter === "unread", page));
    },
  );

  app.get(
    "/messages/:id",
    {
      schema: {
        tags: ["messages"],
        summary: "One conversation with its messages, oldest first",
        params: idParams,
        response: { 200: messageThread, 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request) => {
      const thread = await findThread(request.db, request.auth.tenantId, request.params.id);
      if (!thread) throw notFound();
      return thread;
    },
  );

  app.post(
    "/messages",
    {
      preHandler: writeQuota("conversation"),
      schema: {
        tags: ["messages"],
        summary: "Start a conversation with the management (chat button and contact form)",
        body: newConversationRequest,
        response: { 201: messageThread, 400: apiError, 401: apiError, 409: apiError, 422: apiError },
      },
    },
    async (request, reply) => {
      const thread = await createThread(request.db, actorOf(request), request.body, mailContextOf(app));
      return reply.code(201).send(thread);
    },
  );

  app.post(
    "/messages/:id/replies",
    {
      preHandler: writeQuota("message"),
      schema: {
        tags: ["messages"],
        summary: "Reply in one of the tenant's conversations",
        params: idParams,
        body: replyRequest,
        response: { 201: threadMessage, 400: apiError, 401: apiError, 404: apiError, 409: apiError, 422: apiError },
      },
    },
    async (request, reply) => {
      const message = await addReply(
        request.db,
        actorOf(request),
        request.params.id,
        request.body.content,
        mailContextOf(app),
      );
      if (!message) throw notFound();
      return reply.code(201).send(message);
    },
  );

  await app.register(async (scope) => {
    // The client sends this PATCH without a body; some clients still declare JSON. Treat an
    // empty JSON body as no body here instead of rejecting it.
    const defaultJsonParser = scope.getDefaultJsonParser("error", "error");
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") return done(null, undefined);
      return defaultJsonParser(request, text, done);
    });

    scope.withTypeProvider<ZodTypeProvider>().patch(
      "/messages/:id/read",
      {
        schema: {
          tags: ["messages"],
          summary: "Mark every unread message from the management in the conversation as read",
          // No body schema: the spec sends an empty body, and a body schema would make OpenAPI
          // declare one as required. A JSON body ({}) is parsed and ignored.
          description: "Takes no body; an empty JSON object is accepted and ignored.",
          params: idParams,
          response: { 200: okResponse, 400: apiError, 401: apiError, 404: apiError, 409: apiError, 422: apiError },
        },
      },
      async (request) => {
        const found = await markThreadRead(request.db, request.auth.tenantId, request.params.id);
        if (!found) throw notFound();
        return { success: true as const, message: MESSAGE_TEXTS.markedRead };
      },
    );
  });
};
