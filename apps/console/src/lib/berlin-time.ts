/** Europe/Berlin wall-clock arithmetic without a time-zone library (DESIGN decision 11). */
export const TIME_ZONE = "Europe/Berlin";

const partsFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The Berlin wall clock of an instant. */
export function berlinWallClock(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD' of the instant in Berlin. */
export function berlinDate(instant: Date): string {
  const c = berlinWallClock(instant);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** 'HH:mm' of the instant in Berlin. */
export function berlinTime(instant: Date): string {
  const c = berlinWallClock(instant);
  return `${pad(c.hour)}:${pad(c.minute)}`;
}

function offsetMinutes(utcMs: number): number {
  const c = berlinWallClock(new Date(utcMs));
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return Math.round((asUtc - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant at which Berlin's clocks show `date` (YYYY-MM-DD) and `time` (HH:mm).
 * Two passes settle the offset on either side of a daylight-saving change.
 */
export function berlinInstant(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  let guess = wall - offsetMinutes(wall) * 60_000;
  guess = wall - offsetMinutes(guess) * 60_000;
  return new Date(guess);
}

/** 'HH:mm' plus minutes, within one day (no wrap-around needed for appointment slots). */
export function addMinutesToTime(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number);
  const total = h! * 60 + m! + minutes;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

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
