import { LOGIN_WINDOW_SECONDS } from "@mieter-portal/contracts";
import type { FastifyInstance } from "fastify";
import { purgeExpiredKeys } from "../domain/idempotency/keys.js";
import { purgeOldAttempts } from "../domain/tenants/auth.js";

/** The purge of expired idempotency keys runs at start and every 6 hours. */
const KEYS_EVERY_MS = 6 * 3_600_000;

/**
 * Housekeeping of two stores that only grow otherwise: the idempotency keys past their life, and
 * sign-in attempts older than two login windows (they count for nothing then). Each run deletes
 * what is due; several processes may run it.
 */
export function schedulePurges(app: FastifyInstance): void {
  const timers: NodeJS.Timeout[] = [];
  const keys = () =>
    purgeExpiredKeys(app.db).catch((err: unknown) => app.log.warn({ err }, "purging idempotency keys failed"));
  const attempts = () =>
    purgeOldAttempts(app.db).catch((err: unknown) => app.log.warn({ err }, "purging login attempts failed"));
  app.addHook("onReady", async () => {
    await keys();
    timers.push(
      setInterval(() => app.background.run("purge-idempotency-keys", keys), KEYS_EVERY_MS),
      setInterval(() => app.background.run("purge-login-attempts", attempts), LOGIN_WINDOW_SECONDS * 1000),
    );
    for (const timer of timers) timer.unref();
  });
  app.addHook("onClose", async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
