import { berlinCalendarDay } from "@/lib/format";

/** FAQ: readings are due around the turn of the year, 27 December to 3 January (Berlin days). */
export function isMeterReadingWindow(now: Date = new Date()): boolean {
  const berlin = berlinCalendarDay(now);
  if (!berlin) return false;
  const { month, day } = berlin;
  return (month === 12 && day >= 27) || (month === 1 && day <= 3);
}
