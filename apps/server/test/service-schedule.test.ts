import {
  DEFAULT_WINTER_HOURS,
  hedgeCutRestricted,
  plannedVisitSlots,
  type SchedulePlan,
  SERVICE_CATALOGUE,
  serviceRecurrence,
  serviceSeason,
  serviceWindow,
} from "@mieter-portal/contracts/services";
import { describe, expect, it } from "vitest";

// Issue 27 §1: when a service plan's visits fall. Pure rules, so every case names its dates.

const window = { start: "08:00", end: "12:00" };
const weekly = (weekdays: number[], every_weeks = 1, valid_from = "2026-11-02"): SchedulePlan => ({
  recurrence: { kind: "weekly", weekdays, every_weeks },
  window,
  valid_from,
});
const dates = (plan: SchedulePlan, from: string, until: string) =>
  plannedVisitSlots(plan, from, until).map((s) => s.date);

describe("weekly plans", () => {
  it("fall on the chosen weekdays (1 Monday … 7 Sunday)", () => {
    expect(dates(weekly([1, 4]), "2026-11-02", "2026-11-15")).toEqual([
      "2026-11-02",
      "2026-11-05",
      "2026-11-09",
      "2026-11-12",
    ]);
  });

  it("every other week counts from the plan's first week, whatever range is asked", () => {
    // First week: 2 November (Monday). Then 16 and 30 November, 14 December.
    const plan = weekly([3], 2, "2026-11-04");
    expect(dates(plan, "2026-11-01", "2026-12-20")).toEqual(["2026-11-04", "2026-11-18", "2026-12-02", "2026-12-16"]);
    expect(dates(plan, "2026-11-10", "2026-12-05")).toEqual(["2026-11-18", "2026-12-02"]);
  });

  it("a visit due on a public holiday moves to the next working day and says from when", () => {
    // Ostermontag 2027 is 29 March.
    const slots = plannedVisitSlots(weekly([1], 1, "2027-03-01"), "2027-03-22", "2027-04-06");
    expect(slots).toEqual([
      { date: "2027-03-22", window },
      { date: "2027-03-30", window, moved_from: "2027-03-29" },
      { date: "2027-04-05", window },
    ]);
  });

  it("over Christmas a Friday visit skips the holiday Saturday and the Sunday", () => {
    // 25 December 2026 is a Friday (holiday), 26th a Saturday (holiday), 27th a Sunday.
    const slots = plannedVisitSlots(weekly([5]), "2026-12-21", "2026-12-31");
    expect(slots).toEqual([{ date: "2026-12-28", window, moved_from: "2026-12-25" }]);
  });

  it("a moved visit that lands on a day the plan has anyway is one visit", () => {
    // Monday and Tuesday cleaning; Ostermontag's visit would move onto Tuesday.
    expect(dates(weekly([1, 2], 1, "2027-03-01"), "2027-03-29", "2027-03-31")).toEqual(["2027-03-30"]);
  });

  it("a visit due on the Sunday before the range moves into it", () => {
    expect(plannedVisitSlots(weekly([7]), "2026-11-09", "2026-11-10")).toEqual([
      { date: "2026-11-09", window, moved_from: "2026-11-08" },
    ]);
  });

  it("nothing before the plan starts and nothing after it ends, moved visits included", () => {
    const plan = { ...weekly([5], 1, "2026-12-04"), valid_until: "2026-12-26" };
    expect(dates(plan, "2026-11-01", "2027-01-31")).toEqual(["2026-12-04", "2026-12-11", "2026-12-18"]);
  });
});

describe("monthly plans", () => {
  it("the 31st falls on the last day of shorter months, leap years included", () => {
    const plan: SchedulePlan = {
      recurrence: { kind: "monthly", day_of_month: 31 },
      window,
      valid_from: "2027-01-01",
    };
    // 31 January 2027 is a Sunday: it moves to Monday 1 February.
    expect(plannedVisitSlots(plan, "2027-01-01", "2027-04-30")).toEqual([
      { date: "2027-02-01", window, moved_from: "2027-01-31" },
      { date: "2027-03-01", window, moved_from: "2027-02-28" },
      { date: "2027-03-31", window },
      { date: "2027-04-30", window },
    ]);
    expect(dates(plan, "2028-02-01", "2028-02-29")).toEqual(["2028-02-29"]);
  });
});

describe("Winterdienst", () => {
  const winter: SchedulePlan = {
    recurrence: { kind: "daily" },
    season: { from: "11-01", until: "03-31" },
    window: DEFAULT_WINTER_HOURS.weekday,
    winter_hours: DEFAULT_WINTER_HOURS,
    valid_from: "2026-10-01",
  };

  it("runs every day of the season, over New Year, and not outside it", () => {
    expect(dates(winter, "2026-10-30", "2026-11-02")).toEqual(["2026-11-01", "2026-11-02"]);
    expect(dates(winter, "2027-03-30", "2027-04-02")).toEqual(["2027-03-30", "2027-03-31"]);
    expect(dates(winter, "2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });

  it("starts at 7:00 on working days and at 9:00 on Sundays and public holidays", () => {
    const slots = plannedVisitSlots(winter, "2026-12-24", "2026-12-28");
    expect(slots.map((s) => `${s.date} ${s.window.start}–${s.window.end}`)).toEqual([
      "2026-12-24 07:00–20:00",
      "2026-12-25 09:00–20:00",
      "2026-12-26 09:00–20:00",
      "2026-12-27 09:00–20:00",
      "2026-12-28 07:00–20:00",
    ]);
    expect(slots.every((s) => s.moved_from === undefined)).toBe(true);
  });
});

it("an on-demand plan has no planned visits", () => {
  expect(
    dates({ recurrence: { kind: "on_demand" }, window, valid_from: "2026-01-01" }, "2026-01-01", "2026-12-31"),
  ).toEqual([]);
});

it("a seasonal weekly plan (lawn April to October) stays inside its season", () => {
  const lawn = { ...weekly([3], 1, "2026-01-01"), season: { from: "04-01", until: "10-31" } };
  expect(dates(lawn, "2026-03-20", "2026-04-10")).toEqual(["2026-04-01", "2026-04-08"]);
  expect(dates(lawn, "2026-10-25", "2026-11-10")).toEqual(["2026-10-28"]);
});

it("hedges: only shaping cuts from 1 March to 30 September (§ 39 Abs. 5 BNatSchG)", () => {
  expect(hedgeCutRestricted("2027-02-28")).toBe(false);
  expect(hedgeCutRestricted("2028-02-29")).toBe(false);
  expect(hedgeCutRestricted("2027-03-01")).toBe(true);
  expect(hedgeCutRestricted("2027-09-30")).toBe(true);
  expect(hedgeCutRestricted("2027-10-01")).toBe(false);
});

describe("the plan's fields refuse bad input in German", () => {
  it("a window that ends before it starts", () => {
    const result = serviceWindow.safeParse({ start: "12:00", end: "08:00" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Das Ende muss nach dem Beginn liegen.");
    expect(serviceWindow.safeParse({ start: "7:00", end: "08:00" }).error?.issues[0]?.message).toBe(
      "Bitte eine Uhrzeit im Format HH:MM angeben.",
    );
  });

  it("a season day that does not exist, a weekly plan without weekdays", () => {
    expect(serviceSeason.safeParse({ from: "02-30", until: "03-31" }).error?.issues[0]?.message).toBe(
      "Diesen Tag gibt es nicht.",
    );
    expect(serviceSeason.safeParse({ from: "02-29", until: "03-31" }).success).toBe(true);
    expect(serviceRecurrence.safeParse({ kind: "weekly", weekdays: [] }).error?.issues[0]?.message).toBe(
      "Bitte mindestens einen Wochentag wählen.",
    );
    expect(serviceRecurrence.parse({ kind: "weekly", weekdays: [1] })).toEqual({
      kind: "weekly",
      weekdays: [1],
      every_weeks: 1,
    });
  });
});

it("the catalogue's defaults carry their Betriebskosten category", () => {
  const category = Object.fromEntries(SERVICE_CATALOGUE.map((s) => [s.name, s.category]));
  expect(category).toMatchObject({
    Treppenhausreinigung: "nr9",
    "Rasen mähen": "nr10",
    "Spielplatz prüfen": "nr10",
    "Winterdienst (Räumen und Streuen)": "nr8",
    "Hausmeister-Kontrollgang": "nr14",
    "Sonstige Leistung": "none",
  });
  expect(new Set(SERVICE_CATALOGUE.map((s) => s.key)).size).toBe(SERVICE_CATALOGUE.length);
});
