import type { FastifyInstance } from "fastify";
import { pushNewlyOverdue } from "../domain/inbox/overdue-pushes.js";

/** An item's overdue push leaves within this after its due time. */
const EVERY_MS = 5 * 60_000;

/**
 * "Überfällige Einträge" by push (issue 29): when the server is ready and every 5 minutes. Every
 * process may run it: each item's push is claimed once per due time (inbox_items.overdue_pushed_for).
 */
export function scheduleOverduePushes(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    pushNewlyOverdue(app.db)
      .then((pushed) => {
        if (pushed > 0) app.log.info({ pushed }, "overdue items pushed");
      })
      .catch((err: unknown) => app.log.error({ err }, "overdue items could not be pushed"));
  app.addHook("onReady", async () => {
    await run();
    timer = setInterval(() => app.background.run("overdue-pushes", run), EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
