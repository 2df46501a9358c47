import { z } from "zod";
import { addDays, addMonths, dayOfWeek, isCalendarDate } from "../calendar-dates.js";
import { type HolidayState, publicHolidayOn } from "../holidays.js";

/**
 * When a service plan's visits (Einsätze) fall (issue 27 §1, decision 041). Pure: the server
 * generates the visits from it, the console previews a plan's next dates with it.
 *
 * Dates are Berlin calendar dates (YYYY-MM-DD), times Berlin wall-clock times (HH:MM).
 */

const plainTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Bitte eine Uhrzeit im Format HH:MM angeben.");
const plainDate = z.string().refine(isCalendarDate, "Bitte ein gültiges Datum angeben.");
/** A day of the year without the year, e.g. 11-01 for 1 November. */
const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "Bitte Tag und Monat im Format MM-TT angeben.")
  .refine((v) => isCalendarDate(`2024-${v}`), "Diesen Tag gibt es nicht.");

/** 1 Monday … 7 Sunday (ISO), as crews and managers count. */
export const isoWeekday = z.number().int().min(1).max(7);

export const serviceRecurrence = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("weekly"),
    weekdays: z.array(isoWeekday).min(1, "Bitte mindestens einen Wochentag wählen.").max(7),
    /** 1 every week, 2 every other week … counted from the plan's first week. */
    every_weeks: z.number().int().min(1).max(12).default(1),
  }),
  z.object({
    kind: z.literal("monthly"),
    /** 29–31 fall on the month's last day in shorter months. */
    day_of_month: z.number().int().min(1).max(31),
  }),
  /** Winterdienst: every day in season; the building's hours decide the window. */
  z.object({ kind: z.literal("daily") }),
  /** No planned visits: the crew records an Einsatz when called. */
  z.object({ kind: z.literal("on_demand") }),
]);
export type ServiceRecurrence = z.infer<typeof serviceRecurrence>;

export const serviceSeason = z.object({ from: monthDay, until: monthDay });
export type ServiceSeason = z.infer<typeof serviceSeason>;

export const serviceWindow = z
  .object({ start: plainTime, end: plainTime })
  .refine((w) => w.start < w.end, { message: "Das Ende muss nach dem Beginn liegen.", path: ["end"] });
export type ServiceWindow = z.infer<typeof serviceWindow>;

/** What the generator needs of a plan. */
export interface SchedulePlan {
  recurrence: ServiceRecurrence;
  /** Only visits inside this part of every year (wrapping over New Year, e.g. 11-01 to 03-31). */
  season?: ServiceSeason | null;
  window: ServiceWindow;
  /** The first day the plan applies; every-N-weeks counts from this day's week. */
  valid_from: string;
  /** The last day the plan applies (a changed plan ends the day before its successor starts). */
  valid_until?: string | null;
  /** Winterdienst: the window per day follows the building's hours (Sundays and holidays later). */
  winter_hours?: WinterHours | null;
}

/** Winterdienst hours of a building (Berlin's Straßenreinigungsgesetz: werktags 7–20, sonn- und feiertags 9–20). */
export interface WinterHours {
  weekday: ServiceWindow;
  sunday_holiday: ServiceWindow;
}
export const DEFAULT_WINTER_HOURS: WinterHours = {
  weekday: { start: "07:00", end: "20:00" },
  sunday_holiday: { start: "09:00", end: "20:00" },
};

export interface PlannedVisitSlot {
  /** YYYY-MM-DD, Berlin */
  date: string;
  window: ServiceWindow;
  /** Set when a regular visit moved off a Sunday or public holiday: the day it was due. */
  moved_from?: string;
}

const isoDay = (date: string) => {
  const d = dayOfWeek(date);
  return d === 0 ? 7 : d;
};

/** Monday of the ISO week a date falls in. */
const mondayOf = (date: string) => addDays(date, 1 - isoDay(date));

export function inSeason(date: string, season: ServiceSeason | null | undefined): boolean {
  if (!season) return true;
  const md = date.slice(5);
  return season.from <= season.until
    ? md >= season.from && md <= season.until
    : md >= season.from || md <= season.until;
}

const isRestDay = (date: string, state: HolidayState) => isoDay(date) === 7 || !!publicHolidayOn(date, state);

function dueOn(plan: SchedulePlan, date: string): boolean {
  const r = plan.recurrence;
  switch (r.kind) {
    case "weekly": {
      if (!r.weekdays.includes(isoDay(date))) return false;
      const weeks = Math.round(
        (Date.parse(`${mondayOf(date)}T00:00:00Z`) - Date.parse(`${mondayOf(plan.valid_from)}T00:00:00Z`)) /
          604_800_000,
      );
      return weeks % r.every_weeks === 0;
    }
    case "monthly": {
      const daysInMonth = Number(addDays(addMonths(`${date.slice(0, 8)}01`, 1), -1).slice(8));
      return Number(date.slice(8)) === Math.min(r.day_of_month, daysInMonth);
    }
    case "daily":
      return true;
    case "on_demand":
      return false;
  }
}

/**
 * The plan's visits from `from` to `until` (inclusive, Berlin dates), in date order.
 * - Only days inside the plan's validity and season.
 * - Winterdienst (`daily` with winter hours) runs every day; on Sundays and public holidays its
 *   window starts later.
 * - Other services are not done on Sundays and public holidays: such a visit moves to the next
 *   working day (Monday–Saturday, no holiday), unless the plan has a visit that day anyway, and
 *   never past the plan's end.
 */
export function plannedVisitSlots(
  plan: SchedulePlan,
  from: string,
  until: string,
  state: HolidayState = "BE",
): PlannedVisitSlot[] {
  const first = from > plan.valid_from ? from : plan.valid_from;
  const last = plan.valid_until && plan.valid_until < until ? plan.valid_until : until;
  const slots: PlannedVisitSlot[] = [];
  const taken = new Set<string>();
  const add = (slot: PlannedVisitSlot) => {
    if (taken.has(slot.date)) return;
    taken.add(slot.date);
    slots.push(slot);
  };
  // A visit due on a rest day just before `first` may move into the range: start a week early.
  for (let date = addDays(first, -7); date <= last; date = addDays(date, 1)) {
    if (date < plan.valid_from || !inSeason(date, plan.season) || !dueOn(plan, date)) continue;
    if (plan.winter_hours) {
      if (date < first) continue;
      add({ date, window: isRestDay(date, state) ? plan.winter_hours.sunday_holiday : plan.winter_hours.weekday });
      continue;
    }
    if (!isRestDay(date, state)) {
      if (date >= first) add({ date, window: plan.window });
      continue;
    }
    let moved = addDays(date, 1);
    while (isRestDay(moved, state)) moved = addDays(moved, 1);
    if (moved < first || moved > last || !inSeason(moved, plan.season)) continue;
    add({ date: moved, window: plan.window, moved_from: date });
  }
  return slots.sort((p, q) => (p.date < q.date ? -1 : p.date > q.date ? 1 : 0));
}

/**
 * § 39 Abs. 5 Satz 1 Nr. 2 BNatSchG: from 1 March to 30 September hedges may not be cut back
 * radically; gentle shaping and care cuts are allowed. True on the days only those are allowed.
 */
export function hedgeCutRestricted(date: string): boolean {
  const month = Number(date.slice(5, 7));
  return month >= 3 && month <= 9;
}

export const HEDGE_CUT_TEXTS = {
  crew: "Nur Form- und Pflegeschnitt (1. März bis 30. September, § 39 Abs. 5 BNatSchG).",
  planWarning:
    "Vom 1. März bis 30. September sind nur Form- und Pflegeschnitte erlaubt (§ 39 Abs. 5 BNatSchG). Ein radikaler Rückschnitt ist nur vom 1. Oktober bis Ende Februar zulässig.",
} as const;

export { plainDate as serviceDate, plainTime as serviceTime };

const WEEKDAY_SHORT = ["", "Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] as const;

/** A recurrence in German, e.g. "wöchentlich Mo, Do", "alle 2 Wochen Mi", "monatlich am 15.". */
export function describeRecurrence(r: ServiceRecurrence): string {
  switch (r.kind) {
    case "weekly": {
      const days = [...r.weekdays]
        .sort((p, q) => p - q)
        .map((d) => WEEKDAY_SHORT[d])
        .join(", ");
      return r.every_weeks === 1 ? `wöchentlich ${days}` : `alle ${r.every_weeks} Wochen ${days}`;
    }
    case "monthly":
      return `monatlich am ${r.day_of_month}.`;
    case "daily":
      return "täglich";
    case "on_demand":
      return "nach Bedarf";
  }
}

/** A season in German, e.g. "01.11.–31.03.". */
export const describeSeason = (s: ServiceSeason): string =>
  `${s.from.slice(3)}.${s.from.slice(0, 2)}.–${s.until.slice(3)}.${s.until.slice(0, 2)}.`;
