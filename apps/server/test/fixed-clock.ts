// Loaded before the clock is replaced: TZDate subclasses Date, and a subclass of the replacement
// would lose its time zone (its instances come out as plain Dates).
import "@date-fns/tz";
import { afterAll, vi } from "vitest";

/**
 * Setup of the "fixed date" projects (vitest.config.ts): the tests that depend on today's date run
 * a second time with the clock set to `TEST_NOW`, a day where such code tends to break (a month end
 * before a short month, a new year in Berlin while UTC is still in the old one, a leap day). Only
 * `Date` is replaced, and it keeps running from there, so timers, time-outs and durations behave.
 */
const at = process.env.TEST_NOW;
// Advanced every millisecond, as the real clock: coarser steps give two writes in a row the same
// timestamp, which real time hardly ever does.
if (at) vi.useFakeTimers({ toFake: ["Date"], now: new Date(at), shouldAdvanceTime: true, advanceTimeDelta: 1 });
// Test files share their worker (vitest.config.ts: isolate false): give the next file the real clock.
afterAll(() => {
  vi.useRealTimers();
});
