/**
 * An outage notice's window (issue 25 item 21, docs/decisions/032-outage-window.md): when the
 * outage itself runs (water off 8:00–12:00), as opposed to how long the notice is shown (its
 * validity). One German wording for the mail, the printed notice, the console and the tenant app:
 * "Di., 1. Dez. 2026, 8:00 – 12:00 Uhr" in Europe/Berlin. A module of its own, so the tenant app's
 * signed-out start does not carry it.
 */

/** Which kinds of notice are outages and therefore need a window: every "Störung". */
export const OUTAGE_WINDOW_KINDS = ["emergency"] as const;
export const needsOutageWindow = (kind: string | undefined): boolean =>
  (OUTAGE_WINDOW_KINDS as readonly string[]).includes(kind ?? "");

export const OUTAGE_WINDOW_MESSAGES = {
  fromMissing: "Bitte geben Sie an, ab wann die Störung besteht (Datum und Uhrzeit).",
  untilMissing: "Bitte geben Sie an, bis wann die Störung voraussichtlich dauert (Datum und Uhrzeit).",
  untilAfterFrom: "Das Ende der Störung muss nach ihrem Beginn liegen.",
  noticeOutlastsOutage:
    "Der Aushang muss mindestens bis zum Ende der Störung gelten. Lassen Sie „Gültig bis“ leer oder wählen Sie ein späteres Ende.",
} as const;

/** The fields a notice's window is checked with (create requests, or a change merged with the notice). */
export interface OutageWindowFields {
  kind?: string | undefined;
  outage_from?: string | null | undefined;
  outage_until?: string | null | undefined;
  valid_until?: string | null | undefined;
}

export interface OutageWindowProblem {
  field: "outage_from" | "outage_until" | "valid_until";
  message: string;
}

/**
 * What is wrong with a notice's window: an outage ("Störung") needs both ends; any notice that has
 * one end needs the other; the end lies after the start; the notice is shown at least until the
 * outage's end (or until further notice). Empty when all is well. For a change (`change`: only the
 * fields given, the server checks the result), an end counts as missing only when it is cleared (null).
 */
export function outageWindowProblems(v: OutageWindowFields, change = false): OutageWindowProblem[] {
  const problems: OutageWindowProblem[] = [];
  if (!(needsOutageWindow(v.kind) || !!v.outage_from || !!v.outage_until)) return problems;
  const missing = (end: string | null | undefined) => (change ? end === null : !end);
  if (missing(v.outage_from)) problems.push({ field: "outage_from", message: OUTAGE_WINDOW_MESSAGES.fromMissing });
  if (missing(v.outage_until)) problems.push({ field: "outage_until", message: OUTAGE_WINDOW_MESSAGES.untilMissing });
  if (v.outage_from && v.outage_until && Date.parse(v.outage_until) <= Date.parse(v.outage_from)) {
    problems.push({ field: "outage_until", message: OUTAGE_WINDOW_MESSAGES.untilAfterFrom });
  }
  if (v.outage_until && v.valid_until && Date.parse(v.valid_until) < Date.parse(v.outage_until)) {
    problems.push({ field: "valid_until", message: OUTAGE_WINDOW_MESSAGES.noticeOutlastsOutage });
  }
  return problems;
}

const WEEKDAYS_SHORT = ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."] as const;
/** The short month names German typesetting (and Intl's de-DE) uses. */
const MONTHS_SHORT = [
  "Jan.",
  "Feb.",
  "März",
  "Apr.",
  "Mai",
  "Juni",
  "Juli",
  "Aug.",
  "Sept.",
  "Okt.",
  "Nov.",
  "Dez.",
] as const;

let berlinClock: Intl.DateTimeFormat | undefined;

/** The Berlin wall clock of an instant (summer time included); null for anything not a date. */
function wallClock(instant: string | Date) {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  berlinClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
  const clock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of berlinClock.formatToParts(date)) {
    if (part.type in clock) clock[part.type as keyof typeof clock] = Number(part.value);
  }
  return clock;
}

type Clock = NonNullable<ReturnType<typeof wallClock>>;

const dayText = (c: Clock) => {
  const weekday = new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay();
  return `${WEEKDAYS_SHORT[weekday]}, ${c.day}. ${MONTHS_SHORT[c.month - 1]} ${c.year}`;
};
const timeText = (c: Clock) => `${c.hour}:${String(c.minute).padStart(2, "0")}`;

/** "Di., 1. Dez. 2026, 8:00 Uhr" (Berlin). */
export function formatBerlinDayTime(instant: string | Date): string {
  const c = wallClock(instant);
  return c ? `${dayText(c)}, ${timeText(c)} Uhr` : "Unbekanntes Datum";
}

/**
 * The window in German, Berlin time: "Di., 1. Dez. 2026, 8:00 – 12:00 Uhr" on one day,
 * "Di., 1. Dez. 2026, 8:00 Uhr – Mi., 2. Dez. 2026, 18:00 Uhr" across days.
 */
export function formatOutageWindow(from: string | Date, until: string | Date): string {
  const a = wallClock(from);
  const b = wallClock(until);
  if (!a || !b) return "Unbekanntes Datum";
  if (a.year === b.year && a.month === b.month && a.day === b.day) {
    return `${dayText(a)}, ${timeText(a)} – ${timeText(b)} Uhr`;
  }
  return `${formatBerlinDayTime(from)} – ${formatBerlinDayTime(until)}`;
}
