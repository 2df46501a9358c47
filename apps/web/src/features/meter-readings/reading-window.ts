import { toBerlinWallClock } from "@/lib/format";

/** Today's calendar date in Berlin (YYYY-MM-DD): the default reading date. */
export function berlinToday(now: Date = new Date()): string {
  const berlin = toBerlinWallClock(now)!;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${berlin.getFullYear()}-${pad(berlin.getMonth() + 1)}-${pad(berlin.getDate())}`;
}

/** FAQ: readings are due around the turn of the year, 27 December to 3 January (Berlin days). */
export function isMeterReadingWindow(now: Date = new Date()): boolean {
  const berlin = toBerlinWallClock(now)!;
  const month = berlin.getMonth() + 1;
  const day = berlin.getDate();
  return (month === 12 && day >= 27) || (month === 1 && day <= 3);
}
