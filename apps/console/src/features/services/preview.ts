import { addDays } from "@mieter-portal/contracts";
import {
  DEFAULT_WINTER_HOURS,
  hedgeCutRestricted,
  inSeason,
  type PlannedVisitSlot,
  plannedVisitSlots,
  type ServicePlanChangeRequest,
  type ServiceSeason,
} from "@mieter-portal/contracts/services";

/** Keys of the catalogue's defaults the plan screen treats specially (decision 041). */
export const WINTER_SERVICE_KEY = "winterdienst";
export const HEDGE_SERVICE_KEY = "hecke_schneiden";

/** How far ahead the preview looks for its dates: a season may start more than a year away. */
const PREVIEW_DAYS = 2 * 366;

type PlanShape = Pick<ServicePlanChangeRequest, "recurrence" | "season" | "window" | "rest_day_window" | "valid_until">;

/**
 * The next `count` Einsätze of a plan from `from` on, by the contracts' own rule (`plannedVisitSlots`,
 * the one the server generates the visits with): Sundays and holidays moved, seasons, the
 * Winterdienst's rest-day window.
 */
export function nextVisits(plan: PlanShape, winter: boolean, from: string, count = 5): PlannedVisitSlot[] {
  const slots = plannedVisitSlots(
    {
      recurrence: plan.recurrence,
      season: plan.season,
      window: plan.window,
      valid_from: from,
      valid_until: plan.valid_until,
      winter_hours: winter
        ? { weekday: plan.window, sunday_holiday: plan.rest_day_window ?? DEFAULT_WINTER_HOURS.sunday_holiday }
        : null,
    },
    from,
    addDays(from, PREVIEW_DAYS),
  );
  return slots.slice(0, count);
}

/**
 * § 39 Abs. 5 BNatSchG: a hedge plan whose season has days from March to September warns (the
 * server's rule for the plan's `warnings`).
 */
export function hedgeWarningApplies(serviceKey: string | undefined, season: ServiceSeason | null): boolean {
  if (serviceKey !== HEDGE_SERVICE_KEY) return false;
  for (let date = "2024-03-01"; date <= "2024-09-30"; date = addDays(date, 1)) {
    if (hedgeCutRestricted(date) && inSeason(date, season)) return true;
  }
  return false;
}
