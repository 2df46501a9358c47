import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../../lib/errors.js";

/** Control characters other than tab, line feed and carriage return. NUL breaks PostgreSQL text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const MAX_DEPTH = 8;

/** The path of the first string in `value` holding a control character, or undefined. */
export function controlCharacterAt(value: unknown, path = "", depth = 0): string | undefined {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value) ? path || "_" : undefined;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH || Buffer.isBuffer(value)) return undefined;
  const part = value as { type?: unknown; fieldname?: unknown; value?: unknown; filename?: unknown };
  // A multipart part (@fastify/multipart, attachFieldsToBody): check its text, never its file bytes.
  if (typeof part.fieldname === "string" && (part.type === "field" || part.type === "file")) {
    return controlCharacterAt(part.type === "field" ? part.value : part.filename, path, depth + 1);
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const found = controlCharacterAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every text a client sends (body fields, multipart fields and file names, query values) is
 * refused with 400 when it holds NUL or another control character: on both databases, before
 * any handler sees it.
 */
export function rejectControlCharacters(app: FastifyInstance): void {
  const refusal = (field: string | undefined): HttpError | undefined => {
    if (!field) return undefined;
    const message = "Die Eingabe enthält unzulässige Steuerzeichen.";
    return new HttpError(400, "control_characters", message, { [field]: message });
  };
  // Before validation, so the answer names the real cause; multipart bodies are parsed only in
  // their plugin's preValidation, so they are looked at once more before the handler runs.
  // Callback hooks, not async ones: every request passes them and most have nothing to check, so
  // none should pay for a promise (issue 13).
  type Done = (err?: Error) => void;
  app.addHook("onRequest", (request: FastifyRequest, _reply: unknown, done: Done) =>
    done(refusal(controlCharacterAt(request.query))),
  );
  app.addHook("preValidation", (request: FastifyRequest, _reply: unknown, done: Done) =>
    done(refusal(controlCharacterAt(request.body))),
  );
  app.addHook("preHandler", (request: FastifyRequest, _reply: unknown, done: Done) =>
    done(request.isMultipart?.() ? refusal(controlCharacterAt(request.body)) : undefined),
  );
}

/**
 * Requests per minute on the API, per client IP (before anything else runs) and, in the
 * authenticated scope, per tenant. Counted in each process's memory (decision 009): a flood is
 * stopped where it lands without a database write per request; the limits that must hold across
 * processes (login, password, reset) are counted in the database.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

/**
 * Adds a limit of `max` requests per minute and key to every route of the scope. Each limit is
 * checked on its own (the plugin's own hook runs only the first limit a request meets).
 */
export function limitRequestsPerMinute(
  scope: FastifyInstance,
  max: number,
  keyOf: (request: FastifyRequest) => string,
): void {
  if (max <= 0) return;
  const check = scope.createRateLimit({ max, timeWindow: 60_000, keyGenerator: keyOf });
  scope.addHook("onRequest", async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, "too_many_requests", undefined, undefined, {
        "retry-after": String(Math.max(1, result.ttlInSeconds)),
      });
    }
  });
}
