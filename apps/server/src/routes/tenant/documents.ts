import {
  apiError,
  documentList,
  documentUploadFields,
  idParams,
  LIMITS,
  pageQuery,
  tenantDocument,
} from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createDocument, findDocumentFile, listDocuments } from "../../domain/documents/documents.js";
import { badRequest, notFound } from "../../lib/errors.js";
import {
  acceptDocumentMultipart,
  filePart,
  type MultipartBody,
  parseFields,
  requireMultipart,
  textField,
} from "../../lib/multipart.js";
import { PAGINATION_DESCRIPTION, pagedList, sendPage } from "../../lib/pagination.js";
import { contentDisposition, EMPTY_FILE } from "../../lib/uploads.js";
import { writeQuota } from "../../plugins/app/write-quotas.js";

const errors = { 400: apiError, 401: apiError, 404: apiError };

/** The upload's multipart body as the OpenAPI document describes it. */
const UPLOAD_BODY = {
  type: "object",
  required: ["file"],
  properties: {
    file: {
      type: "string",
      format: "binary",
      description: `PDF, DOC, DOCX, JPG or PNG, at most ${LIMITS.documentMaxBytes / 1024 / 1024} MB; the type is decided by the bytes`,
    },
    title: { type: "string", maxLength: LIMITS.titleMax, description: "Defaults to the file name" },
    type: { type: "string", enum: ["personal"], default: "personal" },
  },
};

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin accepts multipart (lib/multipart.ts).
  await acceptDocumentMultipart(app);

  app.get(
    "/documents",
    {
      schema: {
        tags: ["documents"],
        summary: "The tenant's documents, newest first; file_url downloads the file",
        description: PAGINATION_DESCRIPTION,
        querystring: pageQuery,
        response: { 200: pagedList(documentList), 400: apiError, 401: apiError },
      },
    },
    async (request, reply) => sendPage(reply, await listDocuments(request.db, request.auth.tenantId, request.query)),
  );

  app.post(
    "/documents",
    {
      preValidation: requireMultipart,
      preHandler: writeQuota("upload"),
      config: { multipartBody: UPLOAD_BODY },
      schema: {
        tags: ["documents"],
        summary: "Upload a personal document (multipart: file, title, type=personal; PDF, DOC, DOCX, JPG, PNG ≤ 20 MB)",
        consumes: ["multipart/form-data"],
        response: { 201: tenantDocument, ...errors, 413: apiError, 415: apiError, 422: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as MultipartBody;
      const file = filePart(body);
      const fields = parseFields(documentUploadFields, {
        title: textField(body, "title"),
        type: textField(body, "type"),
      });
      const bytes = await file.toBuffer();
      if (bytes.length === 0) throw badRequest(EMPTY_FILE, { file: EMPTY_FILE });
      const document = await createDocument(request.db, app.files, {
        tenantId: request.auth.tenantId,
        title: fields.title,
        type: fields.type,
        bytes,
        filename: file.filename,
        actorKind: "tenant",
      });
      return reply.code(201).send(document);
    },
  );

  app.get(
    "/documents/:id/file",
    {
      schema: {
        tags: ["documents"],
        summary: "Download a document's file (owner only, as attachment)",
        params: idParams,
        response: { 200: z.any().describe("The file's bytes"), ...errors },
      },
    },
    async (request, reply) => {
      const document = await findDocumentFile(request.db, request.auth.tenantId, request.params.id);
      if (!document) throw notFound();
      let file: Awaited<ReturnType<typeof app.files.open>>;
      try {
        file = await app.files.open(document.storage_key);
      } catch (err) {
        request.log.error({ err, documentId: request.params.id }, "document file missing in the file store");
        throw notFound();
      }
      return reply
        .header("content-type", document.mime_type)
        .header("content-length", file.size)
        .header("content-disposition", contentDisposition("attachment", document.original_filename))
        .header("x-content-type-options", "nosniff")
        .send(file.stream);
    },
  );
};
