import { afterEach, describe, expect, it, vi } from "vitest";
import { berlinToday } from "../src/lib/time.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("berlinToday", () => {
  it("turns at Berlin midnight although it is kept for the minute (summer and winter time)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // In this order: the value kept for the minute must not outlive a day's end or a clock set back.
    const steps: [instant: string, day: string][] = [
      // Summer: UTC+2, midnight is 22:00 UTC.
      ["2026-07-01T21:59:00.000Z", "2026-07-01"],
      ["2026-07-01T21:59:59.999Z", "2026-07-01"],
      ["2026-07-01T22:00:00.000Z", "2026-07-02"],
      // Winter: UTC+1, midnight is 23:00 UTC.
      ["2026-12-31T22:59:59.999Z", "2026-12-31"],
      ["2026-12-31T23:00:00.000Z", "2027-01-01"],
      // Going back in time (a corrected clock) is not answered from the kept value either.
      ["2026-12-31T12:00:00.000Z", "2026-12-31"],
    ];
    for (const [instant, day] of steps) {
      vi.setSystemTime(new Date(instant));
      expect(berlinToday(), instant).toBe(day);
    }
  });

  it("answers for a given instant without the kept value", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-29T12:00:00.000Z") });
    expect(berlinToday()).toBe("2026-03-29");
    expect(berlinToday(new Date("2026-03-28T23:30:00.000Z"))).toBe("2026-03-29");
    expect(berlinToday(new Date("2026-03-28T22:30:00.000Z"))).toBe("2026-03-28");
  });
});
