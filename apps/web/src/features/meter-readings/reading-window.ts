import { toBerlinWallClock } from "@/lib/format";

/** FAQ: readings are due around the turn of the year, 27 December to 3 January (Berlin days). */
export function isMeterReadingWindow(now: Date = new Date()): boolean {
  const berlin = toBerlinWallClock(now)!;
  const month = berlin.getMonth() + 1;
  const day = berlin.getDate();
  return (month === 12 && day >= 27) || (month === 1 && day <= 3);
}
