import { germanDateOf } from "../../lib/time.js";
import { germanNumber } from "../meter-readings/campaign-csv.js";
import type { ProofRecord } from "./proof.js";

/** How the proof documents write times, days, durations, places and weather (decision 049). */

const berlinDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const berlinClock = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" });

/** The first 12 hex digits of a content hash, as the PDF shows it. */
export const shortHash = (hash: string) => hash.slice(0, 12);

/** The Berlin calendar day of an instant. */
export const berlinDateOfInstant = (iso: string) => berlinDay.format(new Date(iso));
/** "07:12" (Berlin) */
export const berlinTimeOf = (iso: string) => berlinClock.format(new Date(iso));

const WEEKDAYS = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"] as const;
/** "Di 24.11.2026" */
export const germanDayOf = (date: string) =>
  `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]} ${germanDateOf(date)}`;

/** Whole minutes between two instants (device times), never negative. */
export const minutesBetween = (from: string, until: string) =>
  Math.max(0, Math.round((Date.parse(until) - Date.parse(from)) / 60_000));

/** "3 Std. 05 Min." */
export const hoursText = (minutes: number) =>
  `${Math.floor(minutes / 60)} Std. ${String(minutes % 60).padStart(2, "0")} Min.`;

/** "am Objekt (30 m)", "nicht am Objekt (450 m)", "nicht geprüft" */
export function onSiteText(record: ProofRecord): string {
  if (record.onSite === null) return "nicht geprüft";
  const distance = record.distanceM === null ? "" : ` (${record.distanceM} m)`;
  return `${record.onSite ? "am Objekt" : "nicht am Objekt"}${distance}`;
}

/** "Schnee, Glätte, -3 °C" or "kein Schnee, keine Glätte" */
export function conditionsText(conditions: ProofRecord["conditions"]): string {
  if (!conditions) return "";
  return [
    conditions.snow ? "Schnee" : "kein Schnee",
    conditions.ice ? "Glätte" : "keine Glätte",
    ...(conditions.temperature_c === null ? [] : [`${germanNumber(conditions.temperature_c)} °C`]),
  ].join(", ");
}

/** A device or server time on a row's day: "07:12"; on another day (night shift, wrong clock) "24.11.2026 07:12". */
export function clockOn(date: string, iso: string): string {
  const day = berlinDateOfInstant(iso);
  return day === date ? berlinTimeOf(iso) : `${germanDateOf(day)} ${berlinTimeOf(iso)}`;
}
