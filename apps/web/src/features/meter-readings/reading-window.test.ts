import { describe, expect, it } from "vitest";
import { berlinToday } from "@/lib/format";
import { isMeterReadingWindow } from "./reading-window";

describe("isMeterReadingWindow", () => {
  it.each([
    ["2025-12-26T22:59:59Z", false], // 23:59:59 on 26 December in Berlin
    ["2025-12-26T23:00:00Z", true], // midnight, 27 December in Berlin
    ["2025-12-31T12:00:00Z", true],
    ["2026-01-01T00:30:00Z", true],
    ["2026-01-03T22:59:59Z", true], // still 3 January in Berlin
    ["2026-01-03T23:00:00Z", false], // 4 January in Berlin
    ["2026-06-15T12:00:00Z", false],
    ["2026-12-01T12:00:00Z", false],
  ])("at %s: %s", (instant, expected) => {
    expect(isMeterReadingWindow(new Date(instant))).toBe(expected);
  });
});

describe("berlinToday", () => {
  it("is the Berlin calendar day, not the UTC one", () => {
    expect(berlinToday(new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-29");
    expect(berlinToday(new Date("2026-07-10T21:59:00Z"))).toBe("2026-07-10");
    expect(berlinToday(new Date("2026-07-10T22:00:00Z"))).toBe("2026-07-11");
  });
});
