/**
 * Arithmetic on plain calendar dates (YYYY-MM-DD) without time zones: a date is read as midnight
 * UTC, so adding days never meets a daylight-saving switch. Which day is "today" is the caller's
 * business (Europe/Berlin on the server and in the app).
 */

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The months' German names, January first (rent descriptions, mails, the app's dates). */
export const GERMAN_MONTHS = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
] as const;

/** The weekdays' German names, Sunday first (as dayOfWeek counts). */
export const GERMAN_WEEKDAYS = [
  "Sonntag",
  "Montag",
  "Dienstag",
  "Mittwoch",
  "Donnerstag",
  "Freitag",
  "Samstag",
] as const;

function toUtc(year: number, monthIndex: number, day: number): Date {
  // Date.UTC maps the years 0-99 onto 1900-1999; setUTCFullYear does not (and rolls months over).
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

function parse(date: string): Date {
  const match = PLAIN_DATE.exec(date);
  if (!match) throw new RangeError(`Kein Kalenderdatum (JJJJ-MM-TT): ${date}`);
  return toUtc(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function format(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** true for YYYY-MM-DD dates that exist (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  return PLAIN_DATE.test(value) && format(parse(value)) === value;
}

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return format(d);
}

/** The date `months` later, clamped to the month's last day (2026-08-31 + 6 → 2027-02-28). */
export function addMonths(date: string, months: number): string {
  const d = parse(date);
  const target = toUtc(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const lastDay = toUtc(target.getUTCFullYear(), target.getUTCMonth() + 1, 0).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return format(target);
}

/** 0 Sunday, 1 Monday … 6 Saturday. */
export function dayOfWeek(date: string): number {
  return parse(date).getUTCDay();
}

/** German numeric form, e.g. 25.12.2026. */
export function germanDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}.${month}.${year}`;
}
