import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** Instants are stored as ISO-8601 UTC strings; calendar dates as YYYY-MM-DD. */
export const nowIso = (): string => new Date().toISOString();

export const TIME_ZONE = "Europe/Berlin";

/** The Berlin calendar date of an instant (@date-fns/tz: the zone's rules, summer time included). */
function berlinDate(instant: Date): string {
  return format(new TZDate(instant.getTime(), TIME_ZONE), "yyyy-MM-dd");
}

/**
 * Today's date is asked on every authenticated request (portal access, overdue payments); Intl
 * takes microseconds, so it is kept for the current minute (Berlin's date only changes on a full
 * hour, so never within a minute).
 */
let today: { minute: number; date: string } | undefined;

/** Today's calendar date in Berlin (of `now` when given). */
export function berlinToday(now?: Date): string {
  if (now) return berlinDate(now);
  const ms = Date.now();
  const minute = Math.floor(ms / 60_000);
  if (today?.minute !== minute) today = { minute, date: berlinDate(new Date(ms)) };
  return today.date;
}

/** The UTC instant of a Berlin wall-clock time on a calendar date (handles DST; hour 24 is the next midnight). */
export function berlinToUtc(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, minute, TIME_ZONE).getTime());
}

/** Adds months to a calendar date, clamping to the month's last day (2025-11-30 + 3 → 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export const centsToEuros = (cents: number): number => Math.round(cents) / 100;
export const eurosToCents = (euros: number): number => Math.round(euros * 100);
export const milliToValue = (milli: number | null): number | null => (milli == null ? null : milli / 1000);
export const valueToMilli = (value: number | null | undefined): number | null =>
  value == null ? null : Math.round(value * 1000);

/** "2026-12-01" → "01.12.2026" (mails). */
export const germanDateOf = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
