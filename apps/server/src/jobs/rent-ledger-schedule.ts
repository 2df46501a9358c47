import type { FastifyInstance } from "fastify";
import { ensureRentCharges } from "../domain/ledger/rent-charges.js";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Rent charges are made when the server is ready (after the demo seed) and once a day after that,
 * so a new month's charge exists from its first day whether or not anyone opens the console.
 * Every process may run it: the charges are unique per tenancy and month.
 */
export function scheduleRentCharges(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    ensureRentCharges(app.db)
      .then((created) => {
        if (created > 0) app.log.info({ created }, "rent charges created");
      })
      .catch((err: unknown) => app.log.error({ err }, "rent charges could not be created"));
  app.addHook("onReady", async () => {
    await run();
    timer = setInterval(() => app.background.run("rent-charges", run), DAY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
