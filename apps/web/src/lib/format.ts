/** The app shows Europe/Berlin wall-clock time (DESIGN decision 11). */
export const TIME_ZONE = "Europe/Berlin";
export const LOCALE = "de-DE";
export const INVALID_DATE_TEXT = "Unbekanntes Datum";
export const INVALID_TIME_TEXT = "--:--";
const RELATIVE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * What a date shows: an instant on Berlin's wall clock, or a plain calendar date (YYYY-MM-DD, no
 * zone), kept as midnight UTC and shown in UTC so that it stays that day on every device.
 *
 * The platform's Intl does the zone and the German names (issue 13: date-fns' `format`, its German
 * locale and @date-fns/tz were 31 KB of the dashboard's first-screen script for four patterns).
 */
interface Shown {
  date: Date;
  timeZone: string;
}

function toShown(value: Date | string | number | null | undefined): Shown | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") {
    const plain = PLAIN_DATE.exec(value);
    if (plain) {
      const [year, month, day] = [Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])];
      const date = new Date(0);
      date.setUTCFullYear(year, month, day);
      return date.getUTCMonth() === month && date.getUTCDate() === day ? { date, timeZone: "UTC" } : null;
    }
  }
  const instant = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(instant) ? null : { date: new Date(instant), timeZone: TIME_ZONE };
}

const LONG_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "long", year: "numeric" };
const SHORT_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: "long" };
const DATE_PARTS: Intl.DateTimeFormatOptions = { year: "numeric", month: "numeric", day: "numeric" };

// Building an Intl formatter for a zone is the costly part (the zone's rules are loaded): one each.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

function formatShown(shown: Shown, options: Intl.DateTimeFormatOptions): string {
  return dateFormatter(shown.timeZone, options).format(shown.date);
}

/** The calendar day a date shows (year, month 1-12, day). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function calendarDay(shown: Shown): CalendarDay {
  const parts = dateFormatter(shown.timeZone, DATE_PARTS).formatToParts(shown.date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/**
 * The Berlin calendar day of an instant, or the day of a plain date (YYYY-MM-DD); null for
 * anything that is not a date (e.g. '2025-02-30').
 */
export function berlinCalendarDay(value: Date | string | number | null | undefined): CalendarDay | null {
  const shown = toShown(value);
  return shown ? calendarDay(shown) : null;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** Today's calendar date in Berlin as YYYY-MM-DD (the server checks against the same day). */
export function berlinToday(now: Date = new Date()): string {
  const today = berlinCalendarDay(now);
  return today ? `${today.year}-${twoDigits(today.month)}-${twoDigits(today.day)}` : now.toISOString().slice(0, 10);
}

/** 'dd. MMMM yyyy', e.g. '03. Dezember 2025'. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const shown = toShown(value);
  return shown ? formatShown(shown, LONG_DATE) : INVALID_DATE_TEXT;
}

/** 'dd.MM.yyyy' (documents and relative dates beyond the window). */
export function formatShortDate(value: Date | string | number | null | undefined): string {
  const shown = toShown(value);
  return shown ? formatShown(shown, SHORT_DATE) : INVALID_DATE_TEXT;
}

/** 'HH:mm', or '--:--' for an invalid time. */
export function formatTime(value: Date | string | number | null | undefined): string {
  const shown = toShown(value);
  return shown ? formatShown(shown, TIME) : INVALID_TIME_TEXT;
}

/** 'HH:mm - HH:mm Uhr'. */
export function formatTimeRange(start: string | Date | null | undefined, end: string | Date | null | undefined) {
  return `${formatTime(start)} - ${formatTime(end)} Uhr`;
}

const dayNumber = ({ year, month, day }: CalendarDay) => Date.UTC(year, month - 1, day) / DAY_MS;

/** Heute, Gestern, the weekday within the next 7 days, otherwise dd.MM.yyyy. */
export function formatRelativeDate(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  const shown = toShown(value);
  const today = berlinCalendarDay(now);
  if (!shown || !today) return INVALID_DATE_TEXT;
  const diff = dayNumber(calendarDay(shown)) - dayNumber(today);
  if (diff === 0) return "Heute";
  if (diff === -1) return "Gestern";
  if (diff > 0 && diff < RELATIVE_WINDOW_DAYS) return formatShown(shown, WEEKDAY);
  return formatShown(shown, SHORT_DATE);
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
