import {
  DEFAULT_WINTER_HOURS,
  type ServicePlan,
  type ServicePlanChangeRequest,
  type ServicePlanRequest,
  servicePlanChangeRequest,
  servicePlanRequest,
} from "@mieter-portal/contracts/services";
import { z } from "zod";

/**
 * The plan form's texts turned into the contracts' plan request (decision 043): the request schema
 * checks the whole plan and its messages land on the form's fields (`formField`). The form adds its
 * own German messages only where the contracts have none (a number of weeks, a day of the month, a
 * season's day written as "01.11.").
 */

export const RECURRENCE_KINDS = ["weekly", "monthly", "daily", "on_demand"] as const;

export const planFormValues = z.object({
  service_kind_id: z.string(),
  recurrence_kind: z.enum(RECURRENCE_KINDS),
  weekdays: z.array(z.number()),
  every_weeks: z.string(),
  day_of_month: z.string(),
  seasonal: z.boolean(),
  season_from: z.string(),
  season_until: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  rest_day_start: z.string(),
  rest_day_end: z.string(),
  checklist: z.string(),
  team: z.string(),
  responsible_staff_id: z.string(),
  tenant_visible: z.boolean(),
  /** valid_from of a new plan, effective_from of a change. */
  starts: z.string(),
  valid_until: z.string(),
});
export type PlanFormValues = z.infer<typeof planFormValues>;

type FormField = keyof PlanFormValues;

/** Where a message of the contracts' request belongs on the form. */
export function formField(path: readonly PropertyKey[], startsField: "valid_from" | "effective_from"): FormField {
  const [head, sub] = path;
  switch (head) {
    case "recurrence":
      return sub === "weekdays" ? "weekdays" : sub === "every_weeks" ? "every_weeks" : "day_of_month";
    case "season":
      return sub === "until" ? "season_until" : "season_from";
    case "window":
      return sub === "end" ? "window_end" : "window_start";
    case "rest_day_window":
      return sub === "end" ? "rest_day_end" : "rest_day_start";
    case startsField:
      return "starts";
    case "checklist":
    case "team":
    case "responsible_staff_id":
    case "tenant_visible":
    case "valid_until":
    case "service_kind_id":
      return head;
    default:
      return "starts";
  }
}

/** "01.11." / "1.11" as the contracts' month-day "11-01"; anything else stays as typed (and is refused). */
export function monthDayInput(text: string): string {
  const match = /^(\d{1,2})\.(\d{1,2})\.?$/.exec(text.trim());
  return match ? `${match[2]!.padStart(2, "0")}-${match[1]!.padStart(2, "0")}` : text.trim();
}

/** The contracts' month-day "11-01" as the form shows it: "01.11.". */
export const monthDayText = (monthDay: string) => `${monthDay.slice(3)}.${monthDay.slice(0, 2)}.`;

const toNull = (text: string) => text.trim() || null;

const WHOLE_NUMBER = /^\s*\d+\s*$/;

type Issue = { field: FormField; message: string };

/** The plan's fields shared by a new plan and a change, plus the form's own messages. */
function planFields(values: PlanFormValues, winter: boolean) {
  const issues: Issue[] = [];
  let recurrence: unknown;
  switch (values.recurrence_kind) {
    case "weekly": {
      const every = Number(values.every_weeks);
      if (!WHOLE_NUMBER.test(values.every_weeks) || every < 1 || every > 12)
        issues.push({ field: "every_weeks", message: "Bitte eine ganze Zahl von 1 bis 12 angeben." });
      recurrence = { kind: "weekly", weekdays: [...values.weekdays].sort((p, q) => p - q), every_weeks: every };
      break;
    }
    case "monthly": {
      const day = Number(values.day_of_month);
      if (!WHOLE_NUMBER.test(values.day_of_month) || day < 1 || day > 31)
        issues.push({ field: "day_of_month", message: "Bitte einen Tag von 1 bis 31 angeben." });
      recurrence = { kind: "monthly", day_of_month: day };
      break;
    }
    default:
      recurrence = { kind: values.recurrence_kind };
  }
  let season: { from: string; until: string } | null = null;
  if (values.seasonal) {
    if (!values.season_from.trim())
      issues.push({ field: "season_from", message: "Bitte den ersten Tag der Saison angeben (z. B. 01.11.)." });
    if (!values.season_until.trim())
      issues.push({ field: "season_until", message: "Bitte den letzten Tag der Saison angeben (z. B. 31.03.)." });
    season = { from: monthDayInput(values.season_from), until: monthDayInput(values.season_until) };
  }
  const checklist = values.checklist
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (checklist.some((item) => item.length > 120))
    issues.push({ field: "checklist", message: "Ein Punkt der Checkliste darf höchstens 120 Zeichen lang sein." });
  const fields = {
    recurrence,
    season,
    window: { start: values.window_start, end: values.window_end },
    rest_day_window: winter ? { start: values.rest_day_start, end: values.rest_day_end } : null,
    checklist,
    team: toNull(values.team),
    responsible_staff_id: toNull(values.responsible_staff_id),
    tenant_visible: values.tenant_visible,
    valid_until: toNull(values.valid_until),
  };
  return { fields, issues };
}

function report(ctx: z.RefinementCtx, issues: Issue[]) {
  const seen = new Set<FormField>();
  for (const issue of issues) {
    if (seen.has(issue.field)) continue;
    seen.add(issue.field);
    ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
  }
}

/** A new plan for `buildingId`; `isWinter` says whether a service is the Winterdienst (rest-day window). */
export function createPlanSchema(buildingId: string, isWinter: (serviceKindId: string) => boolean) {
  return planFormValues.transform((values, ctx): ServicePlanRequest => {
    const { fields, issues } = planFields(values, isWinter(values.service_kind_id));
    if (!values.service_kind_id)
      issues.unshift({ field: "service_kind_id", message: "Bitte wählen Sie eine Leistung." });
    const parsed = servicePlanRequest.safeParse({
      ...fields,
      building_id: buildingId,
      service_kind_id: values.service_kind_id,
      valid_from: values.starts,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        issues.push({ field: formField(issue.path, "valid_from"), message: issue.message });
    if (issues.length > 0 || !parsed.success) {
      report(ctx, issues);
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** A change of a running plan from `starts` on (tomorrow at the earliest; the server checks it too). */
export function changePlanSchema(winter: boolean) {
  return planFormValues.transform((values, ctx): ServicePlanChangeRequest => {
    const { fields, issues } = planFields(values, winter);
    const parsed = servicePlanChangeRequest.safeParse({ ...fields, effective_from: values.starts });
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        issues.push({ field: formField(issue.path, "effective_from"), message: issue.message });
    if (issues.length > 0 || !parsed.success) {
      report(ctx, issues);
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** The form's values of an empty new plan, starting `today`. */
export function emptyPlanValues(today: string): PlanFormValues {
  return {
    service_kind_id: "",
    recurrence_kind: "weekly",
    weekdays: [1],
    every_weeks: "1",
    day_of_month: "1",
    seasonal: false,
    season_from: "",
    season_until: "",
    window_start: "07:00",
    window_end: "12:00",
    rest_day_start: DEFAULT_WINTER_HOURS.sunday_holiday.start,
    rest_day_end: DEFAULT_WINTER_HOURS.sunday_holiday.end,
    checklist: "",
    team: "",
    responsible_staff_id: "",
    tenant_visible: true,
    starts: today,
    valid_until: "",
  };
}

/** The form's values of a running plan, to change it from `starts` on. */
export function planValues(plan: ServicePlan, starts: string): PlanFormValues {
  const r = plan.recurrence;
  return {
    service_kind_id: plan.service_kind.id,
    recurrence_kind: r.kind,
    weekdays: r.kind === "weekly" ? r.weekdays : [1],
    every_weeks: r.kind === "weekly" ? String(r.every_weeks) : "1",
    day_of_month: r.kind === "monthly" ? String(r.day_of_month) : "1",
    seasonal: plan.season !== null,
    season_from: plan.season ? monthDayText(plan.season.from) : "",
    season_until: plan.season ? monthDayText(plan.season.until) : "",
    window_start: plan.window.start,
    window_end: plan.window.end,
    rest_day_start: plan.rest_day_window?.start ?? DEFAULT_WINTER_HOURS.sunday_holiday.start,
    rest_day_end: plan.rest_day_window?.end ?? DEFAULT_WINTER_HOURS.sunday_holiday.end,
    checklist: plan.checklist.join("\n"),
    team: plan.team ?? "",
    responsible_staff_id: plan.responsible_staff_id ?? "",
    tenant_visible: plan.tenant_visible,
    starts,
    valid_until: plan.valid_until ?? "",
  };
}
