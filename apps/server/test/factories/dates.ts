import { addDays, appointmentDateWindow, dayOfWeek, publicHolidayOn } from "@mieter-portal/contracts";
import { berlinToday } from "../../src/lib/time.js";

// Dates relative to today in Berlin for requests that must land inside (or just outside) the
// appointment window, whatever weekday the tests run on.

const isWeekend = (date: string) => dayOfWeek(date) === 0 || dayOfWeek(date) === 6;

function firstFrom(start: string, fits: (date: string) => boolean): string {
  const last = appointmentDateWindow(berlinToday()).last;
  for (let date = start; date <= last; date = addDays(date, 1)) if (fits(date)) return date;
  throw new Error(`no fitting date between ${start} and ${last}`);
}

/** The first working day (Monday to Friday, no Berlin holiday) at least `days` days after today. */
export function workingDayAhead(days = 1): string {
  return firstFrom(addDays(berlinToday(), days), (d) => !isWeekend(d) && !publicHolidayOn(d, "BE"));
}

/** The next Sunday from tomorrow on that is no public holiday (within the first week or two). */
export function nextPlainSunday(): string {
  return firstFrom(addDays(berlinToday(), 1), (d) => dayOfWeek(d) === 0 && !publicHolidayOn(d, "BE"));
}

/** The next Berlin public holiday from tomorrow on; every 6-month window holds at least one. */
export function nextHoliday(): { date: string; name: string } {
  const date = firstFrom(addDays(berlinToday(), 1), (d) => publicHolidayOn(d, "BE") !== undefined);
  return { date, name: publicHolidayOn(date, "BE")! };
}
