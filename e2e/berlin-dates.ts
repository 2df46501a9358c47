/**
 * Calendar dates in Berlin for requests the server checks (decision 008), worked out apart from
 * the app's code. Berlin's holidays on fixed dates are listed; the movable ones fall only on
 * Fridays (Good Friday), Mondays (Easter and Whit Monday) and Thursdays (Ascension), so a Tuesday
 * or Wednesday outside the fixed list is always a working day, and a Sunday outside it is a plain one.
 */
const FIXED_HOLIDAYS = ["01-01", "03-08", "05-01", "10-03", "12-25", "12-26"];
const DAY = 86_400_000;

/** Berlin's calendar date `offsetDays` days from now (negative: in the past). */
export function berlinDate(offsetDays: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(
    new Date(Date.now() + offsetDays * DAY),
  );
}

function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

const isFixedHoliday = (date: string) => FIXED_HOLIDAYS.includes(date.slice(5));

function firstFrom(offsetDays: number, fits: (date: string) => boolean): string {
  for (let offset = offsetDays; ; offset++) {
    const date = berlinDate(offset);
    if (fits(date)) return date;
  }
}

/**
 * A day the server accepts an appointment for: a Tuesday or Wednesday at least `minDays` ahead,
 * by `spreadDays` at random later (so test rows do not pile up on one day); stays well inside
 * the 6 months the server allows when minDays + spreadDays <= 160.
 */
export function appointmentDay(minDays: number, spreadDays = 0): string {
  const start = minDays + Math.floor(Math.random() * (spreadDays + 1));
  return firstFrom(start, (date) => [2, 3].includes(weekday(date)) && !isFixedHoliday(date));
}

/** The next Sunday from tomorrow on that is no public holiday in Berlin. */
export function plainSunday(): string {
  return firstFrom(1, (date) => weekday(date) === 0 && !isFixedHoliday(date));
}
