import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  addMinutesToTime,
  berlinDate,
  berlinInstant,
  berlinTime,
  berlinWallClock,
  minutesOfTime,
} from "./berlin-time";

const at = (iso: string) => new Date(iso);

describe("Berlin wall clock of an instant", () => {
  it("is UTC+1 in winter and UTC+2 in summer, and moves the date at Berlin's midnight", () => {
    expect(berlinDate(at("2026-12-01T07:00:00.000Z"))).toBe("2026-12-01");
    expect(berlinTime(at("2026-12-01T07:00:00.000Z"))).toBe("08:00");
    expect(berlinTime(at("2026-07-01T06:30:00.000Z"))).toBe("08:30");
    expect(berlinDate(at("2026-12-31T23:30:00.000Z"))).toBe("2027-01-01");
    expect(berlinTime(at("2026-12-31T23:30:00.000Z"))).toBe("00:30");
    expect(berlinDate(at("2026-06-30T22:00:00.000Z"))).toBe("2026-07-01");
    expect(berlinWallClock(at("2026-07-01T21:59:00.000Z"))).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 23,
      minute: 59,
    });
  });

  it("jumps from 02:00 to 03:00 on the last Sunday of March", () => {
    expect(berlinTime(at("2026-03-29T00:59:00.000Z"))).toBe("01:59");
    expect(berlinTime(at("2026-03-29T01:00:00.000Z"))).toBe("03:00");
  });

  it("shows 02:00 to 03:00 twice on the last Sunday of October", () => {
    expect(berlinTime(at("2026-10-25T00:30:00.000Z"))).toBe("02:30");
    expect(berlinTime(at("2026-10-25T00:59:00.000Z"))).toBe("02:59");
    expect(berlinTime(at("2026-10-25T01:00:00.000Z"))).toBe("02:00");
    expect(berlinTime(at("2026-10-25T01:30:00.000Z"))).toBe("02:30");
    expect(berlinTime(at("2026-10-25T02:00:00.000Z"))).toBe("03:00");
    expect(berlinDate(at("2026-10-25T01:30:00.000Z"))).toBe("2026-10-25");
  });
});

describe("the instant of a Berlin wall-clock time", () => {
  it("in winter and in summer", () => {
    expect(berlinInstant("2026-12-01", "08:00").toISOString()).toBe("2026-12-01T07:00:00.000Z");
    expect(berlinInstant("2026-07-01", "08:30").toISOString()).toBe("2026-07-01T06:30:00.000Z");
    expect(berlinInstant("2027-01-01", "00:30").toISOString()).toBe("2026-12-31T23:30:00.000Z");
  });

  it("around the spring change (last Sunday of March, 02:00 → 03:00)", () => {
    expect(berlinInstant("2026-03-29", "01:59").toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(berlinInstant("2026-03-29", "03:00").toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(berlinInstant("2026-03-29", "08:00").toISOString()).toBe("2026-03-29T06:00:00.000Z");
    expect(berlinInstant("2026-03-28", "08:00").toISOString()).toBe("2026-03-28T07:00:00.000Z");
    // 02:30 does not exist that night; it counts as 03:30 summer time.
    expect(berlinInstant("2026-03-29", "02:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("around the autumn change (last Sunday of October, 03:00 → 02:00)", () => {
    expect(berlinInstant("2026-10-25", "01:59").toISOString()).toBe("2026-10-24T23:59:00.000Z");
    expect(berlinInstant("2026-10-25", "03:00").toISOString()).toBe("2026-10-25T02:00:00.000Z");
    expect(berlinInstant("2026-10-25", "17:00").toISOString()).toBe("2026-10-25T16:00:00.000Z");
    expect(berlinInstant("2026-10-24", "17:00").toISOString()).toBe("2026-10-24T15:00:00.000Z");
    // 02:30 happens twice that night; it is the second one, in winter time.
    expect(berlinInstant("2026-10-25", "02:30").toISOString()).toBe("2026-10-25T01:30:00.000Z");
  });

  it("reads 24:00 as the next midnight", () => {
    expect(berlinInstant("2026-12-01", "24:00").toISOString()).toBe("2026-12-01T23:00:00.000Z");
  });

  it("round-trips with the wall clock", () => {
    for (const iso of ["2026-01-15T11:45:00.000Z", "2026-03-29T01:00:00.000Z", "2026-10-25T02:00:00.000Z"]) {
      const instant = at(iso);
      expect(berlinInstant(berlinDate(instant), berlinTime(instant)).toISOString()).toBe(iso);
    }
  });
});

describe("clock strings and calendar dates", () => {
  it("adds minutes to a clock time and counts minutes since midnight", () => {
    expect(addMinutesToTime("08:00", 90)).toBe("09:30");
    expect(addMinutesToTime("11:45", 15)).toBe("12:00");
    expect(addMinutesToTime("00:00", 0)).toBe("00:00");
    expect(minutesOfTime("16:30")).toBe(990);
    expect(minutesOfTime("00:00")).toBe(0);
  });

  it("adds days to a calendar date across month, year, leap day and the clock changes", () => {
    expect(addDaysToDate("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToDate("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDaysToDate("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDaysToDate("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDaysToDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDaysToDate("2026-11-24", 14)).toBe("2026-12-08");
  });
});
