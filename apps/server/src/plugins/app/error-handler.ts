import { ERROR_MESSAGES } from "@mieter-portal/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/errors.js";

type Body = { error: string; message: string; fields?: Record<string, string> };

function fieldPath(instancePath: string | undefined, params: unknown): string {
  const fromPath = (instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  if (fromPath) return fromPath;
  const missing = (params as { issue?: { path?: (string | number)[] } })?.issue?.path;
  return missing?.join(".") || "_";
}

/**
 * One error handler for the whole API: our HttpErrors pass through; validation, JSON, size and
 * media-type problems become German 4xx answers; everything else is logged and hidden behind 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    let status = 500;
    let body: Body = { error: "internal_error", message: ERROR_MESSAGES.internal_error };

    if (error instanceof HttpError) {
      status = error.statusCode;
      if (error.headers) reply.headers(error.headers);
      body = { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath, issue.params);
        fields[key] ??= issue.message ?? ERROR_MESSAGES.validation_failed;
      }
      status = 400;
      body = {
        error: "validation_failed",
        message: Object.values(fields)[0] ?? ERROR_MESSAGES.validation_failed,
        fields,
      };
    } else {
      const code = (error as FastifyError).code;
      const statusCode = (error as FastifyError).statusCode;
      if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
        status = 400;
        body = { error: "invalid_json", message: ERROR_MESSAGES.invalid_json };
      } else if (code === "FST_ERR_CTP_BODY_TOO_LARGE" || code === "FST_REQ_FILE_TOO_LARGE" || statusCode === 413) {
        status = 413;
        body = {
          error: code === "FST_REQ_FILE_TOO_LARGE" ? "file_too_large" : "payload_too_large",
          message: code === "FST_REQ_FILE_TOO_LARGE" ? ERROR_MESSAGES.file_too_large : ERROR_MESSAGES.payload_too_large,
        };
      } else if (
        code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ||
        code === "FST_INVALID_MULTIPART_CONTENT_TYPE" ||
        statusCode === 415
      ) {
        status = 415;
        body = { error: "unsupported_media_type", message: ERROR_MESSAGES.unsupported_media_type };
      } else if (statusCode && statusCode >= 400 && statusCode < 500) {
        // Other client errors raised by Fastify or its plugins (empty JSON body, bad multipart, …).
        status = statusCode;
        body = { error: "bad_request", message: ERROR_MESSAGES.bad_request };
      }
    }

    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: body.error, status }, "request rejected");
    return reply.code(status).type("application/json; charset=utf-8").send(body);
  });
}
