import type { FastifyInstance } from "fastify";
import { ensureDefaultServiceKinds } from "../domain/services/catalogue.js";
import { ensureServiceVisits } from "../domain/services/plans.js";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The services' catalogue defaults are written at start, and the plans' visits are extended to the
 * horizon when the server is ready and once a day after that (issue 27 §1). Every process may run
 * it: catalogue keys and visits (plan, day) are unique.
 */
export function scheduleServiceVisits(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    ensureServiceVisits(app.db)
      .then((created) => {
        if (created > 0) app.log.info({ created }, "service visits planned");
      })
      .catch((err: unknown) => app.log.error({ err }, "service visits could not be planned"));
  app.addHook("onReady", async () => {
    await ensureDefaultServiceKinds(app.db);
    await run();
    timer = setInterval(() => app.background.run("service-visits", run), DAY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
