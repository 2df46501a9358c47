import type { FastifyInstance } from "fastify";
import { noticeMissedVisits } from "../domain/services/missed.js";

/** Windows end at any quarter of an hour; a missed visit reaches the Eingang within this. */
const EVERY_MS = 15 * 60_000;

/**
 * Missed visits → Eingang (issue 27 §4): when the server is ready and every 15 minutes, each visit
 * whose window passed without a finished record opens one Eingang item. Every process may run it:
 * the visit is the key of service_missed_visits, so it is noticed once.
 */
export function scheduleMissedVisits(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    noticeMissedVisits(app.db)
      .then((noticed) => {
        if (noticed > 0) app.log.info({ noticed }, "missed service visits noticed");
      })
      .catch((err: unknown) => app.log.error({ err }, "missed service visits could not be noticed"));
  app.addHook("onReady", async () => {
    await run();
    timer = setInterval(() => app.background.run("service-missed", run), EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
