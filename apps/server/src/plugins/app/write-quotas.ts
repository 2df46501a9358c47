import type { FastifyRequest } from "fastify";
import { countCreatedSince, type QuotaKind } from "../../domain/quotas/quotas.js";
import { HttpError } from "../../lib/errors.js";

/**
 * Writes a tenant may make per hour and per day. Far above what a household needs (a busy month
 * has a handful of messages and one or two repairs), far below what floods a list or the disk.
 */
export const WRITE_QUOTAS: Record<QuotaKind, { hour: number; day: number; what: string }> = {
  conversation: { hour: 20, day: 60, what: "neue Unterhaltungen" },
  message: { hour: 60, day: 300, what: "Nachrichten" },
  repair: { hour: 10, day: 30, what: "Reparaturmeldungen" },
  meter_reading: { hour: 10, day: 30, what: "Zählerstandsmeldungen" },
  upload: { hour: 30, day: 100, what: "hochgeladene Dokumente" },
  appointment: { hour: 10, day: 30, what: "Terminanfragen" },
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Refuses the write with 429 (German message, Retry-After) when the signed-in tenant has reached
 * the hourly or daily quota of `kind`. A soft limit: parallel writes may pass it by a few, which is
 * harmless next to what it stops (one tenant creating 100,000 conversations).
 */
export async function enforceWriteQuota(request: FastifyRequest, kind: QuotaKind): Promise<void> {
  // WRITE_QUOTAS=false: for load measurements (npm run bench's offline drain sends 100 changes).
  if (!request.server.config.writeQuotas) return;
  const quota = WRITE_QUOTAS[kind];
  const now = Date.now();
  const { tenantId } = request.auth;
  const lastHour = await countCreatedSince(request.db, tenantId, kind, new Date(now - HOUR).toISOString());
  const limit =
    lastHour >= quota.hour
      ? { window: "Stunde", retryAfter: 3600, max: quota.hour }
      : (await countCreatedSince(request.db, tenantId, kind, new Date(now - DAY).toISOString())) >= quota.day
        ? { window: "Tag", retryAfter: 3600, max: quota.day }
        : undefined;
  if (!limit) return;
  throw new HttpError(
    429,
    "quota_exceeded",
    `Sie haben das Limit erreicht: höchstens ${limit.max} ${quota.what} pro ${limit.window}. Bitte versuchen Sie es später erneut.`,
    undefined,
    { "retry-after": String(limit.retryAfter) },
  );
}

/** The route hook form of enforceWriteQuota (runs after the idempotency claim, in its transaction). */
export const writeQuota = (kind: QuotaKind) => (request: FastifyRequest) => enforceWriteQuota(request, kind);
