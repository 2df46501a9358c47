/** Instants are stored as ISO-8601 UTC strings; calendar dates as YYYY-MM-DD. */
export const nowIso = (): string => new Date().toISOString();

export const TIME_ZONE = "Europe/Berlin";

const berlinParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function partsOf(date: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of berlinParts.formatToParts(date)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

function berlinDate(instant: Date): string {
  const p = partsOf(instant);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
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

/** The UTC instant of a Berlin wall-clock time on a calendar date (handles DST). */
export function berlinToUtc(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  // Offset of Berlin at the guessed instant, then correct once more around DST switches.
  let result = guess;
  for (let i = 0; i < 2; i++) {
    const p = partsOf(new Date(result));
    const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
    result += guess - asUtc;
  }
  return new Date(result);
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
