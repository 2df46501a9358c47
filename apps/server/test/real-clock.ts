import { beforeAll, vi } from "vitest";

/**
 * Setup of the "server" project: test files share their worker (vitest.config.ts: isolate false), so
 * each file starts on the real clock even if a file before it in the same worker replaced `Date`.
 */
beforeAll(() => {
  vi.useRealTimers();
});
