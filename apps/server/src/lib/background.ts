import type { FastifyBaseLogger } from "fastify";

/**
 * Work a request starts but does not wait for (mails that must not make the answer slower or
 * tell anything by its timing). Shutdown and tests wait for it with drain().
 */
export interface BackgroundTasks {
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves once every task started so far (and any they started) has ended. */
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const task = Promise.resolve()
        .then(work)
        .catch((err) => log.error({ err, task: name }, "background task failed"))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
