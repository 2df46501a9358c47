import { describe, expect, it } from "vitest";
import {
  berlinCalendarDay,
  berlinToday,
  formatCurrency,
  formatDate,
  formatFileSize,
  formatRelativeDate,
  formatShortDate,
  formatTime,
  formatTimeRange,
  initials,
  truncate,
} from "./format";

// 2025-06-18 is a Wednesday; Berlin is UTC+2 in summer.
const NOW = new Date("2025-06-18T10:00:00Z");

describe("formatDate", () => {
  it("formats instants as 'dd. MMMM yyyy' in German, in Berlin time", () => {
    expect(formatDate("2025-12-03T09:00:00Z")).toBe("03. Dezember 2025");
    // 23:30 UTC on 31 March is already 1 April in Berlin.
    expect(formatDate("2025-03-31T22:30:00Z")).toBe("01. April 2025");
  });

  it("keeps plain calendar dates on their day", () => {
    expect(formatDate("2025-07-03")).toBe("03. Juli 2025");
  });

  it("says 'Unbekanntes Datum' for invalid input", () => {
    expect(formatDate("kein Datum")).toBe("Unbekanntes Datum");
    expect(formatDate("2025-02-30")).toBe("Unbekanntes Datum");
    expect(formatDate(null)).toBe("Unbekanntes Datum");
    expect(formatDate("")).toBe("Unbekanntes Datum");
  });

  it("formats short dates as dd.MM.yyyy", () => {
    expect(formatShortDate("2025-01-05T12:00:00Z")).toBe("05.01.2025");
  });
});

describe("formatTime and formatTimeRange", () => {
  it("shows Berlin wall-clock time in winter and summer", () => {
    expect(formatTime("2025-01-15T08:05:00Z")).toBe("09:05");
    expect(formatTime("2025-07-15T08:05:00Z")).toBe("10:05");
  });

  it("says '--:--' for invalid times", () => {
    expect(formatTime("nope")).toBe("--:--");
    expect(formatTime(undefined)).toBe("--:--");
  });

  it("writes the hour after midnight as 00, not 24", () => {
    expect(formatTime("2025-01-15T23:05:00Z")).toBe("00:05");
  });

  it("builds 'HH:mm - HH:mm Uhr'", () => {
    expect(formatTimeRange("2025-07-15T07:00:00Z", "2025-07-15T09:30:00Z")).toBe("09:00 - 11:30 Uhr");
    expect(formatTimeRange("x", "2025-07-15T09:30:00Z")).toBe("--:-- - 11:30 Uhr");
  });
});

describe("berlinCalendarDay and berlinToday", () => {
  it("gives the Berlin day of an instant across the change to summer time", () => {
    expect(berlinCalendarDay("2025-03-29T23:30:00Z")).toEqual({ year: 2025, month: 3, day: 30 });
    expect(berlinCalendarDay("2025-03-30T21:59:00Z")).toEqual({ year: 2025, month: 3, day: 30 });
    expect(berlinCalendarDay("2025-03-30T22:00:00Z")).toEqual({ year: 2025, month: 3, day: 31 });
    expect(berlinToday(new Date("2025-12-31T23:00:00Z"))).toBe("2026-01-01");
  });

  it("keeps a plain date's day and refuses days that do not exist", () => {
    expect(berlinCalendarDay("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(berlinCalendarDay("2025-02-29")).toBeNull();
    expect(berlinCalendarDay("2025-13-01")).toBeNull();
    expect(berlinCalendarDay("")).toBeNull();
  });
});

describe("formatRelativeDate", () => {
  it("says Heute and Gestern", () => {
    expect(formatRelativeDate("2025-06-18T05:00:00Z", NOW)).toBe("Heute");
    expect(formatRelativeDate("2025-06-17T20:00:00Z", NOW)).toBe("Gestern");
  });

  it("uses the Berlin day, not the UTC day", () => {
    // 22:30 UTC on 17 June is 00:30 on 18 June in Berlin.
    expect(formatRelativeDate("2025-06-17T22:30:00Z", NOW)).toBe("Heute");
  });

  it("names the weekday within the next 7 days", () => {
    expect(formatRelativeDate("2025-06-19T10:00:00Z", NOW)).toBe("Donnerstag");
    expect(formatRelativeDate("2025-06-23T10:00:00Z", NOW)).toBe("Montag");
    expect(formatRelativeDate("2025-06-24T10:00:00Z", NOW)).toBe("Dienstag");
  });

  it("falls back to dd.MM.yyyy outside the window and for older dates", () => {
    expect(formatRelativeDate("2025-06-25T10:00:00Z", NOW)).toBe("25.06.2025");
    expect(formatRelativeDate("2025-06-10T10:00:00Z", NOW)).toBe("10.06.2025");
    expect(formatRelativeDate("2025-06-16T10:00:00Z", NOW)).toBe("16.06.2025");
  });

  it("counts a plain date by its own day", () => {
    expect(formatRelativeDate("2025-06-18", NOW)).toBe("Heute");
    expect(formatRelativeDate("2025-06-17", NOW)).toBe("Gestern");
    expect(formatRelativeDate("2025-06-20", NOW)).toBe("Freitag");
  });

  it("says 'Unbekanntes Datum' for invalid input", () => {
    expect(formatRelativeDate("irgendwann", NOW)).toBe("Unbekanntes Datum");
  });
});

describe("money, sizes, texts", () => {
  it("formats EUR the German way", () => {
    expect(formatCurrency(750)).toBe("750,00\u00a0€");
    expect(formatCurrency(1234.5, "EUR")).toBe("1.234,50\u00a0€");
  });

  it("formats file sizes as B, KB and MB with one decimal", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1,5 KB");
    expect(formatFileSize(1024 * 1024 * 2.25)).toBe("2,3 MB");
  });

  it("cuts at 120 characters with an ellipsis, leaves short texts alone", () => {
    const long = "a".repeat(130);
    expect(truncate(long, 120)).toBe(`${"a".repeat(120)}...`);
    expect(truncate("kurz", 120)).toBe("kurz");
    expect(truncate("b".repeat(120), 120)).toBe("b".repeat(120));
  });

  it("makes initials", () => {
    expect(initials("Anna", "Schneider")).toBe("AS");
    expect(initials("", "", "?")).toBe("?");
  });
});
