import { addDays } from "./calendar-dates.js";

/**
 * Public holidays by German state, computed here instead of taken from a library: contracts
 * depends on zod alone and runs in the app as well (decision 008). Only Berlin is needed so far.
 */
export type HolidayState = "BE";

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  /** German name, e.g. 'Ostermontag'. */
  name: string;
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Holidays Berlin's parliament declared for one year only. */
const BERLIN_ONE_OFF: PublicHoliday[] = [
  { date: "2017-10-31", name: "Reformationstag" },
  { date: "2020-05-08", name: "Tag der Befreiung" },
  { date: "2025-05-08", name: "Tag der Befreiung" },
];

/**
 * Berlin's statutory holidays (Gesetz über die Sonn- und Feiertage, § 1): the nine nationwide days
 * plus the International Women's Day since 2019, and the one-off days above. Easter Sunday and
 * Whit Sunday are not statutory holidays in Berlin (they are Sundays anyway).
 */
function berlinHolidays(year: number): PublicHoliday[] {
  const y = String(year).padStart(4, "0");
  const easter = easterSunday(year);
  const days: PublicHoliday[] = [
    { date: `${y}-01-01`, name: "Neujahr" },
    ...(year >= 2019 ? [{ date: `${y}-03-08`, name: "Internationaler Frauentag" }] : []),
    { date: addDays(easter, -2), name: "Karfreitag" },
    { date: addDays(easter, 1), name: "Ostermontag" },
    { date: `${y}-05-01`, name: "Tag der Arbeit" },
    { date: addDays(easter, 39), name: "Christi Himmelfahrt" },
    { date: addDays(easter, 50), name: "Pfingstmontag" },
    { date: `${y}-10-03`, name: "Tag der Deutschen Einheit" },
    { date: `${y}-12-25`, name: "1. Weihnachtstag" },
    { date: `${y}-12-26`, name: "2. Weihnachtstag" },
    ...BERLIN_ONE_OFF.filter((holiday) => holiday.date.startsWith(`${y}-`)),
  ];
  return days.sort((p, q) => (p.date < q.date ? -1 : p.date > q.date ? 1 : 0));
}

/** The statutory public holidays of a year in a state, in date order. */
export function publicHolidays(year: number, state: HolidayState): PublicHoliday[] {
  switch (state) {
    case "BE":
      return berlinHolidays(year);
  }
}

/** The German name of the public holiday on a date (YYYY-MM-DD) in a state, if it is one. */
export function publicHolidayOn(date: string, state: HolidayState): string | undefined {
  return publicHolidays(Number(date.slice(0, 4)), state).find((holiday) => holiday.date === date)?.name;
}
