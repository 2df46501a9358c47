import { dayOfWeek, GERMAN_MONTHS, GERMAN_WEEKDAYS, isCalendarDate } from "@mieter-portal/contracts";

/** The app shows Europe/Berlin wall-clock time (DESIGN decision 11). */
export const TIME_ZONE = "Europe/Berlin";
export const LOCALE = "de-DE";
export const INVALID_DATE_TEXT = "Unbekanntes Datum";
export const INVALID_TIME_TEXT = "--:--";
const RELATIVE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** The calendar day a date shows (year, month 1-12, day). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** A date as a Berlin wall clock shows it. */
interface WallClock extends CalendarDay {
  hour: number;
  minute: number;
}

/**
 * One Intl formatter reads Berlin's wall clock off an instant (the zone's rules, summer time
 * included); the German names come from packages/contracts. Issue 13: date-fns' `format`, its German
 * locale and @date-fns/tz were 31 KB of the dashboard's first-screen script for four patterns, and
 * building an Intl formatter per pattern costs more on a slow phone than the one used here.
 */
let berlinClock: Intl.DateTimeFormat | undefined;

function berlinWallClock(instant: Date): WallClock {
  berlinClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
  const clock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of berlinClock.formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

/**
 * What a date shows: an instant on Berlin's wall clock, or a plain calendar date (YYYY-MM-DD, no
 * zone) as that day on every device; null for anything that is not a date (e.g. '2025-02-30').
 */
function toWallClock(value: Date | string | number | null | undefined): WallClock | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    if (!isCalendarDate(value)) return null;
    const [year, month, day] = value.split("-").map(Number) as [number, number, number];
    return { year, month, day, hour: 0, minute: 0 };
  }
  const instant = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(instant) ? null : berlinWallClock(new Date(instant));
}

/**
 * The Berlin calendar day of an instant, or the day of a plain date (YYYY-MM-DD); null for
 * anything that is not a date (e.g. '2025-02-30').
 */
export function berlinCalendarDay(value: Date | string | number | null | undefined): CalendarDay | null {
  const clock = toWallClock(value);
  return clock ? { year: clock.year, month: clock.month, day: clock.day } : null;
}

const pad = (n: number, digits = 2) => String(n).padStart(digits, "0");
const isoDay = ({ year, month, day }: CalendarDay) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const shortDate = ({ year, month, day }: CalendarDay) => `${pad(day)}.${pad(month)}.${pad(year, 4)}`;

/** Today's calendar date in Berlin as YYYY-MM-DD (the server checks against the same day). */
export function berlinToday(now: Date = new Date()): string {
  const today = toWallClock(now);
  return today ? isoDay(today) : now.toISOString().slice(0, 10);
}

/** 'dd. MMMM yyyy', e.g. '03. Dezember 2025'. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const clock = toWallClock(value);
  return clock ? `${pad(clock.day)}. ${GERMAN_MONTHS[clock.month - 1]} ${pad(clock.year, 4)}` : INVALID_DATE_TEXT;
}

/** 'dd.MM.yyyy' (documents and relative dates beyond the window). */
export function formatShortDate(value: Date | string | number | null | undefined): string {
  const clock = toWallClock(value);
  return clock ? shortDate(clock) : INVALID_DATE_TEXT;
}

/** 'HH:mm', or '--:--' for an invalid time. */
export function formatTime(value: Date | string | number | null | undefined): string {
  const clock = toWallClock(value);
  return clock ? `${pad(clock.hour)}:${pad(clock.minute)}` : INVALID_TIME_TEXT;
}

/** 'HH:mm - HH:mm Uhr'. */
export function formatTimeRange(start: string | Date | null | undefined, end: string | Date | null | undefined) {
  return `${formatTime(start)} - ${formatTime(end)} Uhr`;
}

const dayNumber = ({ year, month, day }: CalendarDay) => Date.UTC(year, month - 1, day) / DAY_MS;

/** Heute, Gestern, the weekday within the next 7 days, otherwise dd.MM.yyyy. */
export function formatRelativeDate(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  const date = toWallClock(value);
  const today = toWallClock(now);
  if (!date || !today) return INVALID_DATE_TEXT;
  const diff = dayNumber(date) - dayNumber(today);
  if (diff === 0) return "Heute";
  if (diff === -1) return "Gestern";
  if (diff > 0 && diff < RELATIVE_WINDOW_DAYS) return GERMAN_WEEKDAYS[dayOfWeek(isoDay(date))] as string;
  return shortDate(date);
}

const currencyFormatters = new Map<string, Intl.NumberFormat>();

/** Money in German format, e.g. '750,00 €'. */
export function formatCurrency(amount: number, currency = "EUR"): string {
  let formatter = currencyFormatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(LOCALE, { style: "currency", currency });
    } catch {
      formatter = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "EUR" });
    }
    currencyFormatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/** B, KB or MB with one decimal (German decimal comma). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  const oneDecimal = (n: number) => n.toLocaleString(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} B`;
  // Decided after rounding, so 1,048,575 bytes read '1,0 MB', not '1.024,0 KB'.
  if (Math.round((bytes / 1024) * 10) < 1024 * 10) return `${oneDecimal(bytes / 1024)} KB`;
  return `${oneDecimal(bytes / (1024 * 1024))} MB`;
}

/** Cuts a text after `max` characters and marks the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}...` : text;
}

/** Two-letter initials of a person. */
export function initials(firstName?: string | null, lastName?: string | null, fallback = "?"): string {
  const letters = `${firstName?.trim().charAt(0) ?? ""}${lastName?.trim().charAt(0) ?? ""}`.toUpperCase();
  return letters || fallback;
}

/** A dialable tel: link from a displayed number ('+49 30 7654321' → 'tel:+49307654321'). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}
