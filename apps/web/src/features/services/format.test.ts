import { describe, expect, it } from "vitest";
import { isToday, serviceDoneAt, servicePlannedAt, serviceTime } from "./format";

// Issue 27 §3: "zuletzt erledigt (e.g. 'Di, 24.11., 7:12 Uhr')", in Berlin's time.
const SATURDAY = new Date("2026-11-28T10:00:00Z");

describe("the services' German dates", () => {
  it("says a past day with its weekday and the Berlin time", () => {
    expect(serviceDoneAt("2026-11-24T06:12:00Z", SATURDAY)).toBe("Di, 24.11., 7:12 Uhr");
    // Summer time: UTC+2.
    expect(serviceDoneAt("2026-07-07T05:12:00Z", SATURDAY)).toBe("Di, 07.07., 7:12 Uhr");
  });

  it("says 'Heute' for today in Berlin, also just after midnight when UTC is still yesterday", () => {
    expect(serviceDoneAt("2026-11-28T04:40:00Z", SATURDAY)).toBe("Heute 5:40 Uhr");
    const justAfterMidnight = new Date("2026-11-27T23:30:00Z");
    expect(isToday("2026-11-27T23:10:00Z", justAfterMidnight)).toBe(true);
    expect(isToday("2026-11-27T22:50:00Z", justAfterMidnight)).toBe(false);
  });

  it("says a planned date with its window", () => {
    expect(servicePlannedAt("2026-12-02", { start: "07:00", end: "09:00" })).toBe("Mi, 02.12., 7:00–9:00 Uhr");
    expect(servicePlannedAt("2026-12-06", { start: "09:00", end: "20:00" })).toBe("So, 06.12., 9:00–20:00 Uhr");
  });

  it("says the time of day without a leading zero", () => {
    expect(serviceTime("2026-11-28T04:40:00Z")).toBe("5:40");
    expect(serviceTime("2026-11-28T13:05:00Z")).toBe("14:05");
  });
});
