import { createHash } from "node:crypto";
import { LIMITS } from "@mieter-portal/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/connection.js";
import { badRequest, HttpError } from "../../lib/errors.js";
import { nowIso } from "../../lib/time.js";

/** Stored answers are kept at least this long (the offline queue keeps changes for 30 days). */
export const IDEMPOTENCY_RETENTION_DAYS = 35;
/** A request still "in progress" after this long died with its process; a retry may take it over. */
const STALE_AFTER_MS = 60_000;
const MUTATING = new Set(["POST", "PUT", "PATCH"]);
/** Answers that must not be replayed: the same request may succeed later. */
const NOT_STORED = new Set([401, 408, 409, 429]);

declare module "fastify" {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

/** Turns a parsed body (JSON or multipart with attached files) into a stable string. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { sha256: createHash("sha256").update(value).digest("hex") };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const part = value as { type?: string; filename?: string; value?: unknown; _buf?: Buffer; fieldname?: string };
    if (part.type === "file" && part.fieldname)
      return { file: part.filename, bytes: canonical(part._buf ?? Buffer.alloc(0)) };
    if (part.type === "field" && part.fieldname) return part.value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function requestHash(request: FastifyRequest): string {
  const material = JSON.stringify({
    method: request.method,
    route: request.routeOptions.url,
    params: canonical(request.params),
    body: canonical(request.body ?? null),
  });
  return createHash("sha256").update(material).digest("hex");
}

const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

async function purgeExpired(db: Db): Promise<void> {
  const cutoff = new Date(Date.now() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString();
  await db.deleteFrom("idempotency_keys").where("created_at", "<", cutoff).execute();
}

/**
 * Idempotency-Key on POST/PUT/PATCH (DESIGN.md §4.5): the first answer for key + tenant is stored
 * and replayed for the same request; the same key with another request answers 422; a request
 * still running answers 409. State lives in the database so several processes share it.
 * Must be added inside the authenticated scope (it needs request.auth).
 */
export function enableIdempotency(scope: FastifyInstance): void {
  const { db } = scope;

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!MUTATING.has(request.method)) return;
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > LIMITS.idempotencyKeyMax || !/^[\x21-\x7e]+$/.test(key)) {
      throw badRequest("Der Idempotency-Key ist ungültig (1–200 druckbare Zeichen).");
    }
    const tenantId = request.auth.tenantId;
    const hash = requestHash(request);
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        tenant_id: tenantId,
        key,
        request_hash: hash,
        state: "in_progress",
        response_status: null,
        response_body: null,
        response_type: null,
        created_at: nowIso(),
        completed_at: null,
      })
      .onConflict((oc) => oc.columns(["tenant_id", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      request.idempotencyKey = key;
      return;
    }
    const existing = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("key", "=", key)
      .executeTakeFirst();
    if (!existing) throw new HttpError(409, "idempotency_in_progress");
    if (existing.request_hash !== hash) throw new HttpError(422, "idempotency_mismatch");
    if (existing.state === "done" && existing.response_status != null) {
      reply.header("idempotent-replayed", "true");
      reply.code(existing.response_status);
      if (existing.response_type) reply.type(existing.response_type);
      return reply.send(existing.response_body ?? "");
    }
    // Still in progress: take it over only when its process evidently died.
    if (Date.now() - Date.parse(existing.created_at) < STALE_AFTER_MS)
      throw new HttpError(409, "idempotency_in_progress");
    const taken = await db
      .updateTable("idempotency_keys")
      .set({ created_at: nowIso() })
      .where("tenant_id", "=", tenantId)
      .where("key", "=", key)
      .where("created_at", "=", existing.created_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new HttpError(409, "idempotency_in_progress");
    request.idempotencyKey = key;
  };

  const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    request.idempotencyKey = undefined;
    const where = db
      .deleteFrom("idempotency_keys")
      .where("tenant_id", "=", request.auth.tenantId)
      .where("key", "=", key);
    if (
      reply.statusCode >= 500 ||
      NOT_STORED.has(reply.statusCode) ||
      (typeof payload !== "string" && payload != null)
    ) {
      await where.execute();
      return payload;
    }
    const contentType = reply.getHeader("content-type");
    await db
      .updateTable("idempotency_keys")
      .set({
        state: "done",
        response_status: reply.statusCode,
        response_body: (payload as string | null) ?? "",
        response_type: typeof contentType === "string" ? contentType : null,
        completed_at: nowIso(),
      })
      .where("tenant_id", "=", request.auth.tenantId)
      .where("key", "=", key)
      .execute();
    return payload;
  };

  // Only on the routes that change something: reads pay nothing for it.
  scope.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => MUTATING.has(method)) || route.config?.idempotent === false) return;
    route.preHandler = [claimKey, ...toArray(route.preHandler)];
    route.onSend = [...toArray(route.onSend), storeAnswer];
  });

  const timer = setInterval(() => {
    purgeExpired(db).catch((err) => scope.log.warn({ err }, "purging idempotency keys failed"));
  }, 6 * 3_600_000);
  timer.unref();
  scope.addHook("onClose", async () => clearInterval(timer));
  scope.addHook("onReady", async () => purgeExpired(db));
}
