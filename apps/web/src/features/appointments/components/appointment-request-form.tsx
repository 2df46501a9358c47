import { zodResolver } from "@hookform/resolvers/zod";
import type { AppointmentRequest } from "@mieter-portal/contracts";
import { CalendarPlus, History } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiRequestError } from "@/lib/api/errors";
import { berlinToday } from "@/lib/format";
import { useNetworkState } from "@/lib/network";
import { cn } from "@/lib/utils";
import { useRequestAppointment } from "../api/request-appointment";
import {
  APPOINTMENT_TYPES,
  type AppointmentFormValues,
  appointmentDateLimits,
  appointmentFormSchema,
  appointmentTypeLabel,
  EMPTY_APPOINTMENT_FORM,
  missingRequiredFields,
  TIME_SLOTS,
  timeSlotHours,
} from "../appointment-form";
import { appointmentTexts, TIME_SLOT_NAMES } from "../texts";

export interface AppointmentPrefill {
  /** The appointment being moved; the form is filled once per id. */
  id: string;
  title: string;
  values: AppointmentFormValues;
}

/** Fields of the API's error body that the form shows under its own fields. */
const SERVER_FIELDS = ["type", "date", "timeSlot", "notes"] as const satisfies (keyof AppointmentFormValues)[];

/**
 * 'Termin vereinbaren': type, date (a working day from tomorrow up to 6 months ahead), time slot
 * with its hours, optional notes.
 */
export function AppointmentRequestForm({
  prefill,
  onStopPrefill,
  onSubmitted,
}: {
  prefill?: AppointmentPrefill | null;
  onStopPrefill?: () => void;
  onSubmitted?: () => void;
}) {
  const t = appointmentTexts.form;
  const id = useId();
  const ids = {
    title: `${id}-title`,
    type: `${id}-type`,
    date: `${id}-date`,
    slot: `${id}-slot`,
    notes: `${id}-notes`,
  };
  const network = useNetworkState();
  const request = useRequestAppointment();
  const form = useForm<AppointmentFormValues, unknown, AppointmentRequest>({
    // Built per validation so "today" is the Berlin date of the moment the tenant submits.
    resolver: (values, context, options) => zodResolver(appointmentFormSchema(berlinToday()))(values, context, options),
    defaultValues: EMPTY_APPOINTMENT_FORM,
  });
  const { errors } = form.formState;
  const { reset, setFocus } = form;

  const prefillId = prefill?.id;
  const prefillValues = prefill?.values;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per appointment being moved, not on every refetch
  useEffect(() => {
    if (!prefillId || !prefillValues) return;
    reset(prefillValues);
    // reset() drops the field refs until the next render, so focus the new date field after it.
    const timer = setTimeout(() => setFocus("date"), 0);
    return () => clearTimeout(timer);
  }, [prefillId]);

  const onValid = (values: AppointmentRequest) => {
    request.mutate(values, {
      onSuccess: () => {
        reset(EMPTY_APPOINTMENT_FORM);
        onSubmitted?.();
      },
      // The server's reason (e.g. the day became today overnight) goes under the field it names.
      onError: (error) => {
        if (!(error instanceof ApiRequestError) || !error.fields) return;
        for (const field of SERVER_FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message }, { shouldFocus: true });
        }
      },
    });
  };
  const onInvalid = () => {
    if (missingRequiredFields(form.getValues()).length > 0) {
      toast({ variant: "destructive", title: t.missingTitle, description: t.missingDescription });
    }
  };

  const describedBy = (field: keyof typeof ids, error?: string) => (error ? `${ids[field]}-error` : undefined);
  // Registered here in the order of the screen: react-hook-form focuses the first invalid field in
  // the order the fields were registered, and Field calls its render function after this render.
  const fields = {
    type: form.register("type"),
    date: form.register("date"),
    timeSlot: form.register("timeSlot"),
    notes: form.register("notes"),
  };

  return (
    <Card aria-labelledby={ids.title} id="termin-vereinbaren" className="scroll-mt-4">
      <CardHeader className="flex-col items-start">
        <CardTitle id={ids.title} className="flex items-center gap-2">
          <CalendarPlus className="size-5 text-primary" aria-hidden="true" />
          {t.title}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </CardHeader>
      {prefill ? (
        <div
          className="mb-4 flex flex-col gap-2 rounded-xl bg-secondary p-3 text-sm text-secondary-foreground"
          data-testid="reschedule-note"
        >
          <p className="flex items-start gap-2">
            <History className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t.rescheduling(prefill.title)}</span>
          </p>
          {onStopPrefill ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto self-end p-0 text-secondary-foreground underline"
              onClick={() => {
                reset(EMPTY_APPOINTMENT_FORM);
                onStopPrefill();
              }}
            >
              {t.stopRescheduling}
            </Button>
          ) : null}
        </div>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4">
        <Field id={ids.type} label={t.type} error={errors.type?.message}>
          {(control) => (
            <NativeSelect {...control} aria-required="true" {...fields.type}>
              <option value="">{t.typePlaceholder}</option>
              {APPOINTMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {appointmentTypeLabel(type)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>

        <Field
          id={ids.date}
          label={t.date}
          error={errors.date?.message}
          inputProps={{
            type: "date",
            ...appointmentDateLimits(berlinToday()),
            "aria-required": "true",
            ...fields.date,
          }}
        />

        <fieldset aria-describedby={describedBy("slot", errors.timeSlot?.message)} className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">{t.timeSlot}</legend>
          {TIME_SLOTS.map((slot) => (
            <label
              key={slot}
              className={cn(
                "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-input bg-background px-3 py-2 text-sm transition-colors hover:bg-muted",
                "has-checked:border-primary has-checked:bg-secondary has-checked:text-secondary-foreground",
                "has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring",
                errors.timeSlot && "border-destructive",
              )}
            >
              <input
                type="radio"
                value={slot}
                required
                aria-invalid={errors.timeSlot ? true : undefined}
                className="size-4 accent-primary"
                {...fields.timeSlot}
              />
              <span className="font-medium">{TIME_SLOT_NAMES[slot]}</span>{" "}
              <span className="ml-auto">({timeSlotHours(slot)})</span>
            </label>
          ))}
          <FieldError id={`${ids.slot}-error`} message={errors.timeSlot?.message} />
        </fieldset>

        <Field id={ids.notes} label={t.notes} error={errors.notes?.message}>
          {(control) => <Textarea {...control} rows={3} placeholder={t.notesPlaceholder} {...fields.notes} />}
        </Field>

        {network.offline ? <p className="text-sm text-muted-foreground">{appointmentTexts.offlineHint}</p> : null}

        <Button type="submit" disabled={request.isPending} className="w-full">
          {request.isPending ? t.sending : t.submit}
        </Button>
      </form>
    </Card>
  );
}
