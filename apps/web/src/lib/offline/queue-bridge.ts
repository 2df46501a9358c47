import type { enqueueChange, hasWaitingChangeFor } from "./enqueue";

/**
 * The queue's code is not part of the start-up bundle (the login screen has a size budget). The
 * shell hands it over when a tenant signs in, so queueing offline never waits for a download;
 * otherwise it is imported on first use.
 */
export interface QueueModule {
  enqueueChange: typeof enqueueChange;
  hasWaitingChangeFor: typeof hasWaitingChangeFor;
}

let queue: QueueModule | null = null;

export function provideQueue(module: QueueModule): void {
  queue = module;
}

export async function loadQueue(): Promise<QueueModule> {
  queue ??= await import("./enqueue");
  return queue;
}
