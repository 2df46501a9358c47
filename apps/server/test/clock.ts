import { afterAll, beforeAll, vi } from "vitest";

/**
 * Runs a test file at a fixed instant (the clock keeps running from there, as in fixed-clock.ts):
 * for files that take "today" once while setting up and again in each request, so a run across
 * Berlin's midnight cannot give them two different days.
 */
export function runFileAt(instant: string): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(instant), shouldAdvanceTime: true, advanceTimeDelta: 1 });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
