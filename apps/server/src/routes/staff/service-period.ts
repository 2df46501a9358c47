import { badRequest } from "../../lib/errors.js";

const PERIOD_REVERSED = "Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.";
const PERIOD_TOO_LONG = "Bitte höchstens 366 Tage auf einmal abfragen.";

/**
 * A period of the services' reads (visits, unplanned Einsätze, ratings, reports): its end not before
 * its start, at most 366 days (Berlin dates, inclusive); the German 400 on the `until` field otherwise.
 */
export function checkServicePeriod(from: string | undefined, until: string | undefined): void {
  if (!from || !until) return;
  if (until < from) throw badRequest(PERIOD_REVERSED, { until: PERIOD_REVERSED });
  if (Date.parse(until) - Date.parse(from) > 365 * 86_400_000)
    throw badRequest(PERIOD_TOO_LONG, { until: PERIOD_TOO_LONG });
}
