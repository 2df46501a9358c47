import { createHash } from "node:crypto";
import { LIMITS } from "@mieter-portal/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ControlledTransaction } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/types.js";
import {
  claimKey,
  completeKey,
  findKey,
  type IdempotencyRow,
  releaseKey,
  storeRefusal,
} from "../../domain/idempotency/keys.js";
import { badRequest, HttpError } from "../../lib/errors.js";

const MUTATING = new Set(["POST", "PUT", "PATCH"]);
/** Answers that must not be replayed: the same request may succeed later. */
const NOT_STORED = new Set([401, 408, 409, 429]);

declare module "fastify" {
  interface FastifyRequest {
    /** The claimed key and the transaction the change and its stored answer commit in. */
    idempotency?: { key: string; trx: ControlledTransaction<Database> };
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

/**
 * The onSend hook that commits a claimed change with its answer (or rolls it back). Added at the
 * root before compression (app.ts), so it stores the answer as serialised, never a compressed
 * stream; a request without a claim passes untouched.
 */
export function storeIdempotentAnswer(db: Db) {
  type Claim = NonNullable<FastifyRequest["idempotency"]>;
  const store = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, claim: Claim) => {
    request.idempotency = undefined;
    const status = reply.statusCode;
    const storable = status < 500 && !NOT_STORED.has(status) && (typeof payload === "string" || payload == null);
    const contentType = reply.getHeader("content-type");
    const answer = {
      response_status: status,
      response_body: (payload as string | null) ?? "",
      response_type: typeof contentType === "string" ? contentType : null,
    };
    if (status >= 400) {
      // A refused or failed change writes nothing: whatever the handler did is undone. A refusal
      // that will not change on a retry (400, 404, 422…) is still kept to be replayed.
      await claim.trx.rollback().execute();
      if (storable) await storeRefusal(db, request.auth.tenantId, claim.key, requestHash(request), answer);
      return payload;
    }
    try {
      // A success whose answer cannot be kept (a stream) still commits its change, without the key.
      if (storable) await completeKey(claim.trx, request.auth.tenantId, claim.key, answer);
      else await releaseKey(claim.trx, request.auth.tenantId, claim.key);
      await claim.trx.commit().execute();
    } catch (err) {
      await claim.trx
        .rollback()
        .execute()
        .catch(() => {});
      throw err;
    }
    return payload;
  };
  // Callback style: every other answer (reads, /health) passes without a promise (issue 13).
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: Error | null, payload?: unknown) => void,
  ) => {
    const claim = request.idempotency;
    if (!claim) {
      done(null, payload);
      return;
    }
    store(request, reply, payload, claim).then(
      (stored) => done(null, stored),
      (err: Error) => done(err),
    );
  };
}

/**
 * Idempotency-Key on POST/PUT/PATCH (DESIGN.md §4.5): the first answer for key + tenant is stored
 * and replayed for the same request; the same key with another request answers 422.
 *
 * Exactly once across crashes: claiming the key, the change and the stored answer commit in one
 * database transaction. The request's handler works on that transaction (`request.db`), and the
 * answer is written into it just before the response leaves. A process that dies before the
 * commit leaves nothing behind — neither a change nor a claimed key — so the client's retry simply
 * performs the change; one that dies after it has committed both, so the retry replays the answer.
 * A second request with the same key while the first still runs waits for the first to commit
 * (PostgreSQL's unique index; SQLite's single connection) and then gets its answer.
 * Must be added inside the authenticated scope (it needs request.auth).
 */
export function enableIdempotency(scope: FastifyInstance): void {
  const { db } = scope;

  const claimForRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!MUTATING.has(request.method)) return;
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > LIMITS.idempotencyKeyMax || !/^[\x21-\x7e]+$/.test(key)) {
      throw badRequest("Der Idempotency-Key ist ungültig (1–200 druckbare Zeichen).");
    }
    const tenantId = request.auth.tenantId;
    const hash = requestHash(request);
    const trx = await db.startTransaction().execute();
    let existing: IdempotencyRow | undefined;
    try {
      if (await claimKey(trx, tenantId, key, hash)) {
        request.idempotency = { key, trx };
        return;
      }
      existing = await findKey(trx, tenantId, key);
    } catch (err) {
      await trx.rollback().execute();
      throw err;
    }
    await trx.rollback().execute();
    if (existing?.state !== "done" || existing.response_status == null) {
      throw new HttpError(409, "idempotency_in_progress");
    }
    if (existing.request_hash !== hash) throw new HttpError(422, "idempotency_mismatch");
    reply.header("idempotent-replayed", "true");
    reply.code(existing.response_status);
    if (existing.response_type) reply.type(existing.response_type);
    return reply.send(existing.response_body ?? "");
  };

  /** A request that ended without reaching onSend (aborted, timed out) must not keep its transaction open. */
  const releaseClaim = async (request: FastifyRequest) => {
    const claim = request.idempotency;
    if (!claim) return;
    request.idempotency = undefined;
    await claim.trx
      .rollback()
      .execute()
      .catch((err) => request.log.warn({ err }, "rollback failed"));
  };

  // Only on the routes that change something: reads pay nothing for it.
  scope.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => MUTATING.has(method)) || route.config?.idempotent === false) return;
    route.preHandler = [claimForRequest, ...toArray(route.preHandler)];
    route.onResponse = [...toArray(route.onResponse), releaseClaim];
    route.onRequestAbort = [...toArray(route.onRequestAbort), releaseClaim];
  });
}
