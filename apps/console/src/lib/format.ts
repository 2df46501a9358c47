import { TIME_ZONE } from "./berlin-time";

export const INVALID_DATE_TEXT = "Unbekanntes Datum";
const LOCALE = "de-DE";

const dateFormatter = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const dateTimeFormatter = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const timeFormatter = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const longDateFormatter = new Intl.DateTimeFormat(LOCALE, {
  timeZone: "UTC",
  weekday: "long",
  day: "2-digit",
  month: "long",
  year: "numeric",
});
const numberFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });
const moneyFormatter = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "EUR" });

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A plain calendar date (YYYY-MM-DD) as dd.MM.yyyy, without any time-zone shift. */
export function formatCalendarDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return formatDate(value);
  return `${match[3]}.${match[2]}.${match[1]}`;
}

/** A calendar date as 'Montag, 24. November 2025'. */
export function formatLongCalendarDate(value: string): string {
  const date = toDate(`${value}T00:00:00Z`);
  return date ? longDateFormatter.format(date) : INVALID_DATE_TEXT;
}

/** dd.MM.yyyy in Berlin. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : INVALID_DATE_TEXT;
}

/** dd.MM.yyyy, HH:mm in Berlin. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${dateTimeFormatter.format(date)} Uhr` : INVALID_DATE_TEXT;
}

export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormatter.format(date) : "--:--";
}

/** 'dd.MM.yyyy, HH:mm – HH:mm Uhr' of a range on one day. */
export function formatTimeRange(start: string, end: string): string {
  return `${formatDate(start)}, ${formatTime(start)} – ${formatTime(end)} Uhr`;
}

/** How long ago: 'vor 5 Min.', 'vor 3 Std.', 'vor 2 Tagen'. */
export function formatAge(value: string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE_TEXT;
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 60_000));
  if (minutes < 1) return "gerade eben";
  if (minutes < 60) return `vor ${minutes} Min.`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `vor ${hours} Std.`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "vor 1 Tag" : `vor ${days} Tagen`;
}

/** Time left until a due time, or how long it is overdue: 'in 3 Std.', 'seit 2 Tagen'. */
export function formatDue(value: string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE_TEXT;
  const diff = date.getTime() - now.getTime();
  const minutes = Math.floor(Math.abs(diff) / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const amount =
    minutes < 60 ? `${minutes} Min.` : hours < 24 ? `${hours} Std.` : days === 1 ? "1 Tag" : `${days} Tagen`;
  if (diff >= 0) return `in ${amount}`;
  return `seit ${amount}`;
}

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : numberFormatter.format(value);
}

export function formatMoney(value: number): string {
  return moneyFormatter.format(value);
}
