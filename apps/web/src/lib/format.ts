import { TZDate } from "@date-fns/tz";
import { differenceInCalendarDays, format as formatDateFns } from "date-fns";
import { de } from "date-fns/locale";

/** The app shows Europe/Berlin wall-clock time (DESIGN decision 11). */
export const TIME_ZONE = "Europe/Berlin";
export const LOCALE = "de-DE";
export const INVALID_DATE_TEXT = "Unbekanntes Datum";
export const INVALID_TIME_TEXT = "--:--";
const RELATIVE_WINDOW_DAYS = 7;

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date that shows the Berlin wall clock of the given instant (a TZDate of @date-fns/tz: its
 * fields and date-fns' formatting and comparisons are Berlin's, whatever the device's zone is).
 * Plain calendar dates (YYYY-MM-DD) have no zone and stay that day.
 */
export function toBerlinWallClock(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") {
    const plain = PLAIN_DATE.exec(value);
    if (plain) {
      const [, y, m, d] = plain;
      const date = new TZDate(Number(y), Number(m) - 1, Number(d), TIME_ZONE);
      return date.getMonth() === Number(m) - 1 && date.getDate() === Number(d) ? date : null;
    }
  }
  const instant = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(instant) ? null : new TZDate(instant, TIME_ZONE);
}

/** Today's calendar date in Berlin as YYYY-MM-DD (the server checks against the same day). */
export function berlinToday(now: Date = new Date()): string {
  const wall = toBerlinWallClock(now);
  return wall ? formatDateFns(wall, "yyyy-MM-dd") : now.toISOString().slice(0, 10);
}

/** 'dd. MMMM yyyy', e.g. '03. Dezember 2025'. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toBerlinWallClock(value);
  return date ? formatDateFns(date, "dd. MMMM yyyy", { locale: de }) : INVALID_DATE_TEXT;
}

/** 'dd.MM.yyyy' (documents and relative dates beyond the window). */
export function formatShortDate(value: Date | string | number | null | undefined): string {
  const date = toBerlinWallClock(value);
  return date ? formatDateFns(date, "dd.MM.yyyy", { locale: de }) : INVALID_DATE_TEXT;
}

/** 'HH:mm', or '--:--' for an invalid time. */
export function formatTime(value: Date | string | number | null | undefined): string {
  const date = toBerlinWallClock(value);
  return date ? formatDateFns(date, "HH:mm", { locale: de }) : INVALID_TIME_TEXT;
}

/** 'HH:mm - HH:mm Uhr'. */
export function formatTimeRange(start: string | Date | null | undefined, end: string | Date | null | undefined) {
  return `${formatTime(start)} - ${formatTime(end)} Uhr`;
}

/** Heute, Gestern, the weekday within the next 7 days, otherwise dd.MM.yyyy. */
export function formatRelativeDate(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  const date = toBerlinWallClock(value);
  const today = toBerlinWallClock(now);
  if (!date || !today) return INVALID_DATE_TEXT;
  const diff = differenceInCalendarDays(date, today);
  if (diff === 0) return "Heute";
  if (diff === -1) return "Gestern";
  if (diff > 0 && diff < RELATIVE_WINDOW_DAYS) return formatDateFns(date, "EEEE", { locale: de });
  return formatDateFns(date, "dd.MM.yyyy", { locale: de });
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
