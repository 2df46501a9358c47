import { berlinToday, TIME_ZONE } from "@/lib/format";

const WEEKDAYS = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"] as const;

const parts = new Intl.DateTimeFormat("de-DE", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function wallClock(instant: string) {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  const year = get("year");
  const month = get("month");
  const day = get("day");
  return { isoDay: `${year}-${month}-${day}`, day, month, hour: Number(get("hour")), minute: get("minute") };
}

function weekday(isoDay: string): string {
  return WEEKDAYS[new Date(`${isoDay}T12:00:00Z`).getUTCDay()] as string;
}

/** "7:12" in Berlin. */
export function serviceTime(instant: string): string {
  const clock = wallClock(instant);
  return clock ? `${clock.hour}:${clock.minute}` : "--:--";
}

/** "Di, 24.11., 7:12 Uhr" — or "Heute 7:12 Uhr" on the day it happened (Berlin). */
export function serviceDoneAt(instant: string, now: Date = new Date()): string {
  const clock = wallClock(instant);
  if (!clock) return "–";
  if (clock.isoDay === berlinToday(now)) return `Heute ${clock.hour}:${clock.minute} Uhr`;
  return `${weekday(clock.isoDay)}, ${clock.day}.${clock.month}., ${clock.hour}:${clock.minute} Uhr`;
}

/** "Mi, 2.12., 7:00–9:00 Uhr" for a planned date (YYYY-MM-DD) and its window ("07:00"). */
export function servicePlannedAt(date: string, window: { start: string; end: string }): string {
  const [, month, day] = date.split("-");
  const time = (t: string) => t.replace(/^0(\d)/, "$1");
  return `${weekday(date)}, ${day}.${month}., ${time(window.start)}–${time(window.end)} Uhr`;
}

/** Whether an instant falls on today's date in Berlin. */
export function isToday(instant: string, now: Date = new Date()): boolean {
  return wallClock(instant)?.isoDay === berlinToday(now);
}
