import type { FastifyInstance } from "fastify";
import { refreshStatistics } from "../domain/statistics/statistics.js";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The planner's statistics are refreshed once a day (issue 24 item 14, decision 030): a portfolio
 * grows by many small writes as well as by imports, and plans made on the statistics of a small
 * one cost the square of a large one. Not at start-up: the migrations analyze after they ran.
 */
export function scheduleStatisticsRefresh(app: FastifyInstance): void {
  const run = () =>
    refreshStatistics(app.db).catch((err: unknown) =>
      app.log.error({ err }, "the planner's statistics could not be refreshed"),
    );
  const timer = setInterval(() => app.background.run("statistics", run), DAY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
