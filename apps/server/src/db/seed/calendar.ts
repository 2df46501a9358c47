import { GERMAN_MONTHS } from "@mieter-portal/contracts";
import { berlinToday, berlinToUtc } from "../../lib/time.js";

/** Date arithmetic for seed data that is always placed relative to "now". */

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "2026-03-05" → "05.03.2026". */
export const germanDate = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** 18450 → "184,50 EUR". */
export const germanEuros = (cents: number): string =>
  `${(cents / 100).toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EUR`;

/** Calendar relative to one fixed instant, in Berlin time. */
export function calendarAt(now: Date) {
  const today = berlinToday(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const day = (offset: number) => addDays(today, offset);
  /** The UTC instant (ISO) of a Berlin wall-clock time `offset` days from today. */
  const at = (offset: number, hour: number, minute = 0) => berlinToUtc(day(offset), hour, minute).toISOString();
  const atDate = (date: string, hour: number, minute = 0) => berlinToUtc(date, hour, minute).toISOString();
  return { now, today, year, month, day, at, atDate };
}
export type Calendar = ReturnType<typeof calendarAt>;

/** Due dates of monthly payments: the `dueDay` of every month from `firstMonth` (YYYY-MM) on. */
export function* monthlyDueDates(firstMonth: string, dueDay: number): Generator<string> {
  let [y, m] = firstMonth.split("-").map(Number) as [number, number];
  for (;;) {
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    yield `${y}-${String(m).padStart(2, "0")}-${String(Math.min(dueDay, lastDay)).padStart(2, "0")}`;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** "Miete November 2026" for a due date. */
export const rentDescription = (dueDate: string): string =>
  `Miete ${GERMAN_MONTHS[Number(dueDate.slice(5, 7)) - 1]} ${dueDate.slice(0, 4)}`;
