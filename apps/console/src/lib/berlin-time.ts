import { TZDate, tzOffset } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * Europe/Berlin wall-clock arithmetic (DESIGN decision 11) with @date-fns/tz and date-fns, as in
 * the web app and the server: a TZDate's fields and date-fns' formatting are Berlin's, summer
 * time included, whatever the device's zone is.
 */
export const TIME_ZONE = "Europe/Berlin";

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const inBerlin = (instant: Date) => new TZDate(instant.getTime(), TIME_ZONE);

/** The Berlin wall clock of an instant. */
export function berlinWallClock(instant: Date): WallClock {
  const wall = inBerlin(instant);
  return {
    year: wall.getFullYear(),
    month: wall.getMonth() + 1,
    day: wall.getDate(),
    hour: wall.getHours(),
    minute: wall.getMinutes(),
  };
}

/** 'YYYY-MM-DD' of the instant in Berlin. */
export function berlinDate(instant: Date): string {
  return format(inBerlin(instant), "yyyy-MM-dd");
}

/** 'HH:mm' of the instant in Berlin. */
export function berlinTime(instant: Date): string {
  return format(inBerlin(instant), "HH:mm");
}

/**
 * The instant at which Berlin's clocks show `date` (YYYY-MM-DD) and `time` (HH:mm); 24:00 is the
 * next midnight. A time the spring change skips (02:30 on the last Sunday of March) counts an hour
 * later (03:30 summer time); one the autumn change shows twice (02:30 on the last Sunday of
 * October) is the second, winter-time one.
 *
 * Berlin's offset comes from @date-fns/tz's tzOffset, twice: at the wall clock read as UTC, then
 * at the instant that first offset gives, which settles it on either side of a change. Not
 * `new TZDate(y, m, d, h, min, zone)`: near a change its result depends on the device's own zone
 * (date-fns/tz issue 13; with 1.5.0, 03:00 on 25 October 2026 came out as 02:00 winter time on a
 * device set to Europe/Helsinki, and the twice-shown 02:30 as the first one on one set to Berlin).
 */
export function berlinInstant(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  const first = wall - tzOffset(TIME_ZONE, new Date(wall)) * 60_000;
  return new Date(wall - tzOffset(TIME_ZONE, new Date(first)) * 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'HH:mm' plus minutes, within one day (no wrap-around needed for appointment slots). */
export function addMinutesToTime(time: string, minutes: number): string {
  const total = minutesOfTime(time) + minutes;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Minutes since midnight of an 'HH:mm' clock string. */
export function minutesOfTime(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
}

/** A calendar date plus days (UTC arithmetic on the plain date, no time-zone shift). */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + days));
  return next.toISOString().slice(0, 10);
}
