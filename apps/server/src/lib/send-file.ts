import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFound } from "./errors.js";
import { contentDisposition } from "./uploads.js";

/**
 * Streams a stored photo or document with its type, size and file name; a file missing from the
 * store is logged and answers 404. `nosniff`: the type was decided by the bytes at upload.
 */
export async function sendStoredFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  stored: {
    id: string;
    storage_key: string;
    mime_type: string;
    filename: string;
    disposition: "inline" | "attachment";
  },
) {
  let file: Awaited<ReturnType<typeof app.files.open>>;
  try {
    file = await app.files.open(stored.storage_key);
  } catch (err) {
    request.log.error({ err, fileId: stored.id }, "file missing in the file store");
    throw notFound();
  }
  return reply
    .header("content-type", stored.mime_type)
    .header("content-length", file.size)
    .header("content-disposition", contentDisposition(stored.disposition, stored.filename))
    .header("x-content-type-options", "nosniff")
    .send(file.stream);
}
