import { addDays, dayOfWeek } from "@mieter-portal/contracts";
import type { ServiceVisit } from "@mieter-portal/contracts/services";
import { berlinInstant } from "@/lib/berlin-time";

/** Monday of the (ISO) week a Berlin date falls in. */
export function mondayOf(date: string): string {
  const day = dayOfWeek(date);
  return addDays(date, day === 0 ? -6 : 1 - day);
}

/** The seven dates Monday to Sunday of the week starting `monday`. */
export const weekDates = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** A `?woche=` value: a Monday as YYYY-MM-DD; anything else falls back to this week. */
export function weekFromSearch(value: string | null, today: string): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? mondayOf(value)
    : mondayOf(today);
}

/** The Winterdienst's key in the catalogue (a visit carries its service's key). */
const WINTER_SERVICE_KEY = "winterdienst";

export type VisitState =
  | { kind: "planned" }
  /** Winterdienst: the day passed without an Einsatz; a dry day needs none, so it is not missed. */
  | { kind: "none" }
  | { kind: "running"; startedAt: string }
  | { kind: "done"; startedAt: string; finishedAt: string }
  /** The window passed without a finished record; `startedAt` if one was begun and not finished. */
  | { kind: "missed"; startedAt: string | null };

/**
 * A visit's state at `now` (issue 27 §4): erledigt with a finished record, läuft while a record is
 * open inside the window, versäumt once the window's end (Berlin wall clock) passed without a finished
 * record — the rule of decision 041, so an Einsatz begun and never finished counts as missed too.
 * Winterdienst days are never missed for want of an Einsatz (as on the server and the
 * Streuprotokoll): such a day is "kein Einsatz".
 */
export function visitState(visit: ServiceVisit, now: Date): VisitState {
  const record = visit.record;
  if (record?.state === "finished" && record.finished_at)
    return { kind: "done", startedAt: record.started_at, finishedAt: record.finished_at };
  const passed = now.getTime() >= berlinInstant(visit.planned_on, visit.window.end).getTime();
  if (passed && !record && visit.service_key === WINTER_SERVICE_KEY) return { kind: "none" };
  if (passed) return { kind: "missed", startedAt: record?.started_at ?? null };
  if (record) return { kind: "running", startedAt: record.started_at };
  return { kind: "planned" };
}
