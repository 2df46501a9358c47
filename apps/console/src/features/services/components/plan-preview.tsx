import type { ReactNode } from "react";
import { formatLongCalendarDate } from "@/lib/format";
import { nextVisits } from "../preview";
import { SERVICES_TEXTS } from "../texts";
import { changePlanSchema, type PlanFormValues } from "./plan-form-schema";

/** The next five Einsätze of the plan as the form holds it, by the rule the server generates them with. */
export function PlanPreview({ values, winter }: { values: PlanFormValues; winter: boolean }) {
  const parsed = changePlanSchema(winter).safeParse(values);
  let body: ReactNode;
  if (values.recurrence_kind === "on_demand") body = <p>{SERVICES_TEXTS.previewOnDemand}</p>;
  else if (!parsed.success) body = <p>{SERVICES_TEXTS.previewIncomplete}</p>;
  else {
    const slots = nextVisits(parsed.data, winter, parsed.data.effective_from);
    body =
      slots.length === 0 ? (
        <p>{SERVICES_TEXTS.previewEmpty}</p>
      ) : (
        <ol className="grid gap-1" data-testid="plan-preview">
          {slots.map((slot) => (
            <li key={slot.date}>
              {formatLongCalendarDate(slot.date)}, {slot.window.start}–{slot.window.end} Uhr
              {slot.moved_from ? (
                <span className="text-muted-foreground">
                  {" "}
                  (verschoben vom {formatLongCalendarDate(slot.moved_from)})
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      );
  }
  return (
    <section
      aria-label={SERVICES_TEXTS.previewTitle}
      className="grid gap-2 rounded-lg bg-muted p-3 text-sm"
      aria-live="polite"
    >
      <h3 className="font-medium">{SERVICES_TEXTS.previewTitle}</h3>
      {body}
    </section>
  );
}
