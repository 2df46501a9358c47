import { describe, expect, it } from "vitest";
import { acceptedRange, durationOptions, freeRange, slotBounds, startOptions } from "./slot-times";

describe("time inside the requested slot", () => {
  it("knows the slots' Berlin hours", () => {
    expect(slotBounds("morning")).toEqual({ start: "08:00", end: "12:00" });
    expect(slotBounds("afternoon")).toEqual({ start: "12:00", end: "16:00" });
    expect(slotBounds("evening")).toEqual({ start: "16:00", end: "18:00" });
  });

  it("offers only start times whose end stays inside the slot", () => {
    const oneHour = startOptions("morning", 60);
    expect(oneHour[0]).toBe("08:00");
    expect(oneHour.at(-1)).toBe("11:00");
    expect(oneHour).toHaveLength(13);
    expect(startOptions("evening", 120)).toEqual(["16:00"]);
    expect(startOptions("evening", 90)).toEqual(["16:00", "16:15", "16:30"]);
  });

  it("offers durations that fit the slot", () => {
    expect(durationOptions("evening")).toEqual([30, 45, 60, 90, 120]);
    expect(durationOptions("morning")).toEqual([30, 45, 60, 90, 120]);
  });

  it("turns Berlin wall-clock times into UTC instants, in winter and in summer", () => {
    expect(acceptedRange("2026-11-24", "morning", "09:30", 60)).toEqual({
      start: "2026-11-24T08:30:00.000Z",
      end: "2026-11-24T09:30:00.000Z",
    });
    expect(acceptedRange("2026-07-01", "afternoon", "12:00", 90)).toEqual({
      start: "2026-07-01T10:00:00.000Z",
      end: "2026-07-01T11:30:00.000Z",
    });
  });

  it("gets the days of the clock changes right", () => {
    // 29 March 2026: clocks go from 02:00 CET to 03:00 CEST; the morning is already summer time.
    expect(acceptedRange("2026-03-29", "morning", "08:00", 30)).toEqual({
      start: "2026-03-29T06:00:00.000Z",
      end: "2026-03-29T06:30:00.000Z",
    });
    // 25 October 2026: back to winter time at 03:00 CEST; the evening is winter time.
    expect(acceptedRange("2026-10-25", "evening", "17:00", 60)).toEqual({
      start: "2026-10-25T16:00:00.000Z",
      end: "2026-10-25T17:00:00.000Z",
    });
  });

  it("refuses a time that would leave the slot", () => {
    expect(acceptedRange("2026-11-24", "morning", "11:30", 60)).toEqual({
      error: "Der Termin muss zwischen 08:00 und 12:00 Uhr liegen.",
    });
    expect(acceptedRange("2026-11-24", "afternoon", "11:45", 30)).toHaveProperty("error");
  });

  it("checks a freely proposed time: a date, and an end after the start", () => {
    expect(freeRange("", "09:00", "10:00")).toMatchObject({ field: "date" });
    expect(freeRange("2026-11-24", "10:00", "10:00")).toEqual({
      error: "Das Ende muss nach dem Beginn liegen.",
      field: "end",
    });
    expect(freeRange("2026-11-24", "10:00", "11:15")).toEqual({
      start: "2026-11-24T09:00:00.000Z",
      end: "2026-11-24T10:15:00.000Z",
    });
  });
});
