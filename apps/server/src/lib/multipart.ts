import multipart, { type MultipartFile, type MultipartValue } from "@fastify/multipart";
import { LIMITS } from "@mieter-portal/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { badRequest, HttpError } from "./errors.js";
import { DOCUMENT_TOO_LARGE } from "./uploads.js";

/**
 * Document uploads as multipart/form-data: the tenant's own upload and the management's
 * publication (issue 14 §3) parse, limit and refuse the same way.
 */

export type Part = MultipartFile | MultipartValue;
export type MultipartBody = Record<string, Part | Part[] | undefined>;

const MISSING_FILE = "Bitte wählen Sie eine Datei aus (Feld „file“).";

/** A text field of the parsed multipart body; repeated or file-valued fields are refused. */
export function textField(body: MultipartBody, name: string): string | undefined {
  const part = body[name];
  if (part === undefined) return undefined;
  if (Array.isArray(part) || part.type !== "field") {
    throw badRequest(undefined, { [name]: "Dieses Feld darf nur einmal und nur als Text vorkommen." });
  }
  return String(part.value);
}

/** The one file of the body (field "file"). */
export function filePart(body: MultipartBody): MultipartFile {
  const part = body.file;
  if (part === undefined) throw badRequest(MISSING_FILE, { file: MISSING_FILE });
  if (Array.isArray(part) || part.type !== "file") throw badRequest(MISSING_FILE, { file: MISSING_FILE });
  return part;
}

/** The text fields checked by a zod schema: 400 with every field's German message, else the data. */
export function parseFields<T extends z.ZodType>(schema: T, values: Record<string, string | undefined>): z.infer<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  throw badRequest(Object.values(fields)[0], fields);
}

/** A route's preValidation: 415 unless the request is multipart. */
export async function requireMultipart(request: FastifyRequest): Promise<void> {
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

/**
 * Lets the plugin `app` (and only it) accept one document per request: fields and the file are
 * parsed before validation (so the idempotency hook can hash the whole request, file bytes
 * included), the file is at most LIMITS.documentMaxBytes (413), and multipart errors answer in German.
 */
export async function acceptDocumentMultipart(app: FastifyInstance): Promise<void> {
  // Errors thrown here reach the app's error handler (Fastify hands them to the parent handler).
  app.setErrorHandler((error) => {
    throw multipartError(error) ?? error;
  });
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
}
