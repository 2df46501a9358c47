import type { TimeSlot } from "@mieter-portal/contracts";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { addMinutesToTime } from "@/lib/berlin-time";
import { acceptedRange, durationOptions, freeRange, startOptions } from "../slot-times";

/**
 * The appointment's time, as the three appointment forms (accept, propose, new) ask for it:
 * `TimeRangeFields` a free day with start and end (propose, new), `SlotTimeFields` a duration and
 * a start inside the tenant's requested slot (accept). The forms register the fields (in the order
 * of the screen) and pass what `register` returned; the schemas below turn the texts into the
 * request's instants with slot-times.ts and put its German messages on the right field.
 */

type Registered<K extends string> = Record<K, UseFormRegisterReturn>;
type Errors<K extends string> = Partial<Record<K, { message?: string } | undefined>>;

/** The texts of a free range: "YYYY-MM-DD", "HH:MM", "HH:MM" in Berlin. */
export const freeRangeShape = { date: z.string(), start: z.string(), end: z.string() };

/** A free range's texts as the request's `start` and `end` instants; its message goes to `date` or `end`. */
export function toFreeRange<T extends { date: string; start: string; end: string }>(values: T, ctx: z.RefinementCtx) {
  const { date, start, end, ...rest } = values;
  const range = freeRange(date, start, end);
  if ("error" in range) {
    ctx.addIssue({ code: "custom", message: range.error, path: [range.field] });
    return z.NEVER;
  }
  return { ...rest, ...range };
}

/** Date, start and end (Berlin time) of a proposed appointment. */
export function TimeRangeFields({
  fields,
  errors,
  minDate,
}: {
  fields: Registered<"date" | "start" | "end">;
  errors: Errors<"date" | "start" | "end">;
  minDate: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        label="Datum"
        className="content-start"
        error={errors.date?.message}
        inputProps={{ type: "date", min: minDate, ...fields.date }}
      />
      <Field
        label="Beginn"
        className="content-start"
        error={errors.start?.message}
        inputProps={{ type: "time", step: 900, ...fields.start }}
      />
      <Field
        label="Ende"
        className="content-start"
        error={errors.end?.message}
        inputProps={{ type: "time", step: 900, ...fields.end }}
      />
    </div>
  );
}

/** The texts of an acceptance's time: a duration in minutes ("60") and a start ("16:30"). */
export const slotTimeShape = { duration: z.string(), start: z.string() };

/**
 * An acceptance's texts as the request's `start` and `end` on the requested day: the end must not
 * pass the slot's end (message on `start`).
 */
export function toSlotRange(date: string, slot: TimeSlot | null) {
  return <T extends { duration: string; start: string }>(values: T, ctx: z.RefinementCtx) => {
    const { duration, start, ...rest } = values;
    const range = acceptedRange(date, slot, start, Number(duration));
    if ("error" in range) {
      ctx.addIssue({ code: "custom", message: range.error, path: ["start"] });
      return z.NEVER;
    }
    return { ...rest, ...range };
  };
}

/** When the duration grows, the start moves back so that the appointment still ends inside the slot. */
export function startAfterDuration(slot: TimeSlot | null, duration: number, start: string): string {
  const allowed = startOptions(slot, duration);
  return allowed.includes(start) ? start : (allowed[allowed.length - 1] ?? "");
}

const durationLabel = (d: number) =>
  d < 60 ? `${d} Minuten` : d === 60 ? "1 Stunde" : `${d / 60} Stunden`.replace(".", ",");

/** The time picker of an acceptance: only start times whose end stays inside the requested slot. */
export function SlotTimeFields({
  slot,
  duration,
  fields,
  errors,
}: {
  slot: TimeSlot | null;
  /** The chosen duration (watched), which decides the start times offered. */
  duration: number;
  fields: Registered<"duration" | "start">;
  errors: Errors<"duration" | "start">;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Dauer" className="content-start" error={errors.duration?.message}>
        {(control) => (
          <NativeSelect {...control} {...fields.duration}>
            {durationOptions(slot).map((d) => (
              <option key={d} value={d}>
                {durationLabel(d)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Beginn" className="content-start" error={errors.start?.message}>
        {(control) => (
          <NativeSelect {...control} {...fields.start}>
            {startOptions(slot, duration).map((time) => (
              <option key={time} value={time}>
                {time} – {addMinutesToTime(time, duration)} Uhr
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </div>
  );
}
