import { addDays, dayOfWeek } from "@mieter-portal/contracts";

/** Today's Berlin calendar date (YYYY-MM-DD): visits are planned on Berlin dates. */
export function berlinToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(now);
}

/** 1 Monday … 7 Sunday (contracts' dayOfWeek counts from Sunday = 0). */
const isoWeekday = (day: string) => dayOfWeek(day) || 7;

/** Monday to Sunday of the week the day is in. */
export function weekOf(day: string): { from: string; until: string } {
  const from = addDays(day, 1 - isoWeekday(day));
  return { from, until: addDays(from, 6) };
}

const WEEKDAY = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"];

/** "Mo, 30.11." */
export function shortDate(day: string): string {
  const [, month, date] = day.split("-");
  return `${WEEKDAY[isoWeekday(day) - 1]}, ${date}.${month}.`;
}

/** "07:12 Uhr" in Berlin time of an instant. */
export function berlinTime(instant: string): string {
  const time = new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(instant));
  return `${time} Uhr`;
}
