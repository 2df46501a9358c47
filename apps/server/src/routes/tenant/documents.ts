import multipart, { type MultipartFile, type MultipartValue } from "@fastify/multipart";
import {
  apiError,
  documentList,
  documentUploadFields,
  idParams,
  LIMITS,
  pageQuery,
  tenantDocument,
} from "@mieter-portal/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, HttpError, notFound } from "../../lib/errors.js";
import { PAGINATION_DESCRIPTION, pagedList, sendPage } from "../../lib/pagination.js";
import { writeQuota } from "../../lib/quotas.js";
import { contentDisposition, DOCUMENT_TOO_LARGE, EMPTY_FILE } from "../../lib/uploads.js";
import { createDocument, findDocumentFile, listDocuments } from "../../repositories/documents.js";

const errors = { 400: apiError, 401: apiError, 404: apiError };
const MISSING_FILE = "Bitte wählen Sie eine Datei aus (Feld „file“).";

type Part = MultipartFile | MultipartValue;

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

/** A text field of the parsed multipart body; repeated or file-valued fields are refused. */
function textField(body: Record<string, Part | Part[] | undefined>, name: string): string | undefined {
  const part = body[name];
  if (part === undefined) return undefined;
  if (Array.isArray(part) || part.type !== "field") {
    throw badRequest(undefined, { [name]: "Dieses Feld darf nur einmal und nur als Text vorkommen." });
  }
  return String(part.value);
}

function filePart(body: Record<string, Part | Part[] | undefined>): MultipartFile {
  const part = body.file;
  if (part === undefined) throw badRequest(MISSING_FILE, { file: MISSING_FILE });
  if (Array.isArray(part) || part.type !== "file") throw badRequest(MISSING_FILE, { file: MISSING_FILE });
  return part;
}

async function requireMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw new HttpError(415, "unsupported_media_type");
}

/** Busboy reports a malformed body with plain errors; they are the client's fault, not ours. */
const MALFORMED_MULTIPART = /multipart|boundary|part header|end of form|terminated early/i;

/** Multipart problems as German 4xx answers; everything else goes on to the app's error handler. */
function multipartError(thrown: unknown): HttpError | undefined {
  if (!(thrown instanceof Error) || thrown instanceof HttpError) return undefined;
  const error = thrown as Error & { code?: string; statusCode?: number };
  switch (error.code) {
    case "FST_FILES_LIMIT":
      return badRequest("Bitte laden Sie genau eine Datei hoch.", { file: "Bitte laden Sie genau eine Datei hoch." });
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return badRequest("Die Anfrage enthält zu viele Felder.");
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
      return badRequest();
  }
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
    return badRequest("Die hochgeladenen Daten sind unvollständig oder fehlerhaft. Bitte versuchen Sie es erneut.");
  }
  return undefined;
}

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Errors thrown here reach the app's error handler (Fastify hands them to the parent handler).
  app.setErrorHandler((error) => {
    throw multipartError(error) ?? error;
  });

  // Only this plugin accepts multipart. Fields and the file are parsed before validation, so the
  // idempotency hook (preHandler) can hash the whole request, file bytes included.
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: LIMITS.documentMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 },
    async onFile(part) {
      try {
        await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new HttpError(413, "file_too_large", DOCUMENT_TOO_LARGE);
        }
        throw err;
      }
    },
  });

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
      const body = (request.body ?? {}) as Record<string, Part | Part[] | undefined>;
      const file = filePart(body);
      const parsed = documentUploadFields.safeParse({
        title: textField(body, "title"),
        type: textField(body, "type"),
      });
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
        throw badRequest(Object.values(fields)[0], fields);
      }
      const bytes = await file.toBuffer();
      if (bytes.length === 0) throw badRequest(EMPTY_FILE, { file: EMPTY_FILE });
      const document = await createDocument(request.db, app.files, {
        tenantId: request.auth.tenantId,
        title: parsed.data.title,
        type: parsed.data.type,
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
