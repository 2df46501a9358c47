import {
  addDays,
  addMonths,
  appointmentDateProblem,
  appointmentDateWindow,
  dayOfWeek,
  easterSunday,
  isCalendarDate,
  publicHolidayOn,
  publicHolidays,
  readingDateProblem,
} from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";

// The shared rules of packages/contracts (decision 008); the server and the app both use them.

const WEEKEND = "Bitte wählen Sie einen Werktag (Montag bis Freitag).";
const PAST = "Das Datum darf nicht in der Vergangenheit liegen.";
const TODAY_REFUSED = "Termine können frühestens für morgen angefragt werden.";
const TOO_FAR = "Termine können höchstens 6 Monate im Voraus angefragt werden.";
const holiday = (german: string, name: string) =>
  `Am ${german} ist ein gesetzlicher Feiertag (${name}). Bitte wählen Sie einen anderen Tag.`;

describe("calendar dates", () => {
  it("adds days and months across month, year and leap-day ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2026-11-23", 6)).toBe("2027-05-23");
    expect(addMonths("2028-02-29", -12)).toBe("2027-02-28");
    expect(addMonths("2026-01-15", -12)).toBe("2025-01-15");
  });

  it("knows the weekday and which dates exist", () => {
    // 2026-11-23 is a Monday, 2026-11-29 a Sunday, 2027-01-02 a Saturday.
    expect(["2026-11-23", "2026-11-29", "2027-01-02"].map(dayOfWeek)).toEqual([1, 0, 6]);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("23.11.2026")).toBe(false);
  });
});

describe("Berlin's public holidays", () => {
  it.each([
    [1961, "1961-04-02"],
    [2000, "2000-04-23"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2028, "2028-04-16"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("Easter Sunday %i is %s", (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it("lists the ten days of 2026 and 2027", () => {
    expect(publicHolidays(2026, "BE")).toEqual([
      { date: "2026-01-01", name: "Neujahr" },
      { date: "2026-03-08", name: "Internationaler Frauentag" },
      { date: "2026-04-03", name: "Karfreitag" },
      { date: "2026-04-06", name: "Ostermontag" },
      { date: "2026-05-01", name: "Tag der Arbeit" },
      { date: "2026-05-14", name: "Christi Himmelfahrt" },
      { date: "2026-05-25", name: "Pfingstmontag" },
      { date: "2026-10-03", name: "Tag der Deutschen Einheit" },
      { date: "2026-12-25", name: "1. Weihnachtstag" },
      { date: "2026-12-26", name: "2. Weihnachtstag" },
    ]);
    expect(publicHolidays(2027, "BE").map((h) => h.date)).toEqual([
      "2027-01-01",
      "2027-03-08",
      "2027-03-26",
      "2027-03-29",
      "2027-05-01",
      "2027-05-06",
      "2027-05-17",
      "2027-10-03",
      "2027-12-25",
      "2027-12-26",
    ]);
  });

  it("has the Women's Day from 2019 on and the one-off days of 2020 and 2025", () => {
    expect(publicHolidayOn("2018-03-08", "BE")).toBeUndefined();
    expect(publicHolidayOn("2019-03-08", "BE")).toBe("Internationaler Frauentag");
    expect(publicHolidayOn("2020-05-08", "BE")).toBe("Tag der Befreiung");
    expect(publicHolidayOn("2025-05-08", "BE")).toBe("Tag der Befreiung");
    expect(publicHolidayOn("2026-05-08", "BE")).toBeUndefined();
    // Not statutory in Berlin: Easter Sunday, Whit Sunday, Corpus Christi, Reformation Day, Buß- und Bettag.
    for (const date of ["2026-04-05", "2026-05-24", "2026-06-04", "2026-10-31", "2026-11-18"]) {
      expect(publicHolidayOn(date, "BE")).toBeUndefined();
    }
  });
});

describe("appointmentDateProblem", () => {
  // A Monday; tomorrow is a Tuesday, the window ends on 2027-05-23 (a Sunday), 2027-05-21 is a Friday.
  const TODAY = "2026-11-23";

  it.each([
    ["tomorrow, a Tuesday", "2026-11-24", undefined],
    ["a Friday", "2026-11-27", undefined],
    ["the last working day of the window", "2027-05-21", undefined],
    ["a Saturday", "2026-11-28", WEEKEND],
    ["a Sunday", "2026-11-29", WEEKEND],
    ["today", TODAY, TODAY_REFUSED],
    ["yesterday", "2026-11-22", PAST],
    ["last year", "2025-11-24", PAST],
    ["6 months ahead, a Sunday", "2027-05-23", WEEKEND],
    ["6 months and 1 day ahead", "2027-05-24", TOO_FAR],
    ["the year 2999", "2999-06-14", TOO_FAR],
    ["an impossible date", "2027-02-30", "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT)."],
  ])("%s (%s) → %s", (_case, date, problem) => {
    expect(appointmentDateProblem(date, TODAY)).toBe(problem);
  });

  it("gives the window from tomorrow to 6 months ahead for the date input", () => {
    expect(appointmentDateWindow(TODAY)).toEqual({ first: "2026-11-24", last: "2027-05-23" });
    expect(appointmentDateWindow("2026-08-31")).toEqual({ first: "2026-09-01", last: "2027-02-28" });
  });

  it("accepts tomorrow when it is a working day, also across a month's end", () => {
    expect(appointmentDateProblem("2026-12-01", "2026-11-30")).toBeUndefined();
    expect(appointmentDateProblem("2027-01-04", "2027-01-03")).toBeUndefined();
  });

  it.each([
    ...publicHolidays(2026, "BE").map((h) => [h.date, h.name] as const),
    ...publicHolidays(2027, "BE").map((h) => [h.date, h.name] as const),
  ])("names the holiday on %s (%s), on weekdays and weekends alike", (date, name) => {
    // Asked a month before, well inside the window.
    const today = addDays(date, -30);
    const [year, month, day] = date.split("-");
    expect(appointmentDateProblem(date, today)).toBe(holiday(`${day}.${month}.${year}`, name));
  });

  it("uses the holiday's German name and date in the message", () => {
    expect(appointmentDateProblem("2026-12-25", "2026-12-01")).toBe(
      "Am 25.12.2026 ist ein gesetzlicher Feiertag (1. Weihnachtstag). Bitte wählen Sie einen anderen Tag.",
    );
    // The working days around the holidays are fine.
    expect(appointmentDateProblem("2026-12-28", "2026-12-01")).toBeUndefined();
    expect(appointmentDateProblem("2027-03-25", "2027-03-01")).toBeUndefined();
  });
});

describe("readingDateProblem", () => {
  const TODAY = "2026-11-23";
  it.each([
    ["today", TODAY, undefined],
    ["yesterday", "2026-11-22", undefined],
    ["exactly 12 months ago", "2025-11-23", undefined],
    ["12 months and 1 day ago", "2025-11-22", "Das Ablesedatum darf höchstens 12 Monate zurückliegen."],
    ["the year 2000", "2000-01-01", "Das Ablesedatum darf höchstens 12 Monate zurückliegen."],
    ["tomorrow", "2026-11-24", "Das Ablesedatum darf nicht in der Zukunft liegen."],
    ["the year 2999", "2999-01-01", "Das Ablesedatum darf nicht in der Zukunft liegen."],
    ["an impossible date", "2026-02-29", "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT)."],
  ])("%s (%s) → %s", (_case, date, problem) => {
    expect(readingDateProblem(date, TODAY)).toBe(problem);
  });
});
