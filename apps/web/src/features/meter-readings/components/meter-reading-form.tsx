import {
  METER_UNITS,
  METER_VALUE_FIELDS,
  type MeterKind,
  type MeterReading,
  type MeterReadingSubmission,
} from "@mieter-portal/contracts";
import { Send } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { PhotoPicker } from "@/components/photo-picker/photo-picker";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { ApiRequestError } from "@/lib/api/errors";
import { berlinToday, formatDate } from "@/lib/format";
import { useNetworkState } from "@/lib/network";
import { useSubmitMeterReadings } from "../api/submit-meter-readings";
import { formatMeterValue } from "../german-number";
import {
  buildSubmission,
  emptyMeterForm,
  METER_KINDS,
  type MeterFormValues,
  meterValue,
  readingDateLimits,
  validateMeterValue,
  validateReadingDate,
} from "../meter-form";
import { checkPlausibility, meterHistory } from "../plausibility";
import { meterTexts } from "../texts";
import { LowerReadingConfirm } from "./lower-reading-confirm";
import { PlausibilityNote } from "./plausibility-note";

/** Field names of the API's error body mapped to the form's fields. */
const SERVER_FIELDS: Record<string, keyof Omit<MeterFormValues, "photos">> = {
  waterReading: "water",
  electricityReading: "electricity",
  heatingReading: "heating",
  readingDate: "readingDate",
};

export function MeterReadingForm({ userId, readings }: { userId: string | null; readings: MeterReading[] }) {
  const id = useId();
  const network = useNetworkState();
  const submit = useSubmitMeterReadings();
  const form = useForm<MeterFormValues>({ defaultValues: emptyMeterForm(berlinToday()) });
  const { errors } = form.formState;
  // New pickers after a successful report: an earlier photo message must not stay under the empty form.
  const [pickerKey, setPickerKey] = useState(0);
  const watched = useWatch({ control: form.control });
  const histories = useMemo(
    () =>
      Object.fromEntries(METER_KINDS.map((meter) => [meter, meterHistory(readings, meter)])) as Record<
        MeterKind,
        ReturnType<typeof meterHistory>
      >,
    [readings],
  );
  const today = berlinToday();
  // A value lower than the last reading is sent only after the tenant confirmed it (issue 12).
  const [pendingLower, setPendingLower] = useState<{
    submission: MeterReadingSubmission;
    lines: string[];
    meters: MeterKind[];
  } | null>(null);
  /** The field to correct after 'Wert korrigieren'. */
  const pendingLowerFocus = useRef<MeterKind>("water");
  const atLeastOneId = `${id}-at-least-one`;
  const atLeastOne = errors.root?.values?.message;

  /** The meters whose value is below their last reading on or before the date, each with a German line. */
  const lowerMeters = (values: MeterFormValues) =>
    METER_KINDS.flatMap((meter) => {
      const value = meterValue(values[meter]);
      const hint = checkPlausibility(value, values.readingDate, histories[meter]);
      if (hint?.kind !== "lower" || value === null) return [];
      const unit = METER_UNITS[meter];
      const line = meterTexts.confirmLower.line(
        meterTexts.meters[meter].name,
        formatMeterValue(value, unit),
        formatMeterValue(hint.previous.value, unit),
        formatDate(hint.previous.date),
      );
      return [{ meter, line }];
    });

  const send = (submission: MeterReadingSubmission) => {
    submit.mutate(submission, {
      onSuccess: () => {
        form.reset(emptyMeterForm(berlinToday()));
        setPickerKey((key) => key + 1);
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError) || !error.fields) return;
        for (const [field, message] of Object.entries(error.fields)) {
          const name = SERVER_FIELDS[field];
          if (name) form.setError(name, { message });
        }
        // The server knew of a higher earlier reading the app had not loaded: ask, as before sending.
        if (error.code === "reading_lower_unconfirmed" && !submission.confirmLower) {
          const meters = METER_KINDS.filter((meter) => error.fields?.[METER_VALUE_FIELDS[meter]]);
          setPendingLower({ submission, lines: [error.apiMessage ?? error.message], meters });
        }
      },
    });
  };

  const onSubmit = form.handleSubmit((values) => {
    const built = buildSubmission(values, userId);
    if (!built.ok) {
      form.setError("root.values", { message: meterTexts.errors.atLeastOne });
      form.setFocus("water");
      return;
    }
    const lower = lowerMeters(values);
    if (lower.length > 0) {
      setPendingLower({
        submission: built.submission,
        lines: lower.map((l) => l.line),
        meters: lower.map((l) => l.meter),
      });
      return;
    }
    send(built.submission);
  });

  const confirmLower = () => {
    if (!pendingLower) return;
    const { submission } = pendingLower;
    setPendingLower(null);
    form.clearErrors();
    send({ ...submission, confirmLower: true });
  };

  const busy = submit.isPending;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardTitle id={`${id}-title`} className="text-lg">
        {meterTexts.formTitle}
      </CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">
        {meterTexts.formIntro} {meterTexts.valueHint}.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid grid-cols-1 gap-4">
        <fieldset disabled={busy} className="grid grid-cols-1 min-w-0 gap-4">
          {METER_KINDS.map((meter) => {
            const t = meterTexts.meters[meter];
            const inputId = `${id}-${meter}`;
            const hintId = `${inputId}-hint`;
            const error = errors[meter]?.message;
            const hint = error
              ? null
              : checkPlausibility(meterValue(watched[meter] ?? ""), watched.readingDate ?? "", histories[meter]);
            // The plausibility note is no Field hint: a live warning below the error, not a lasting note.
            const describedBy = [hint ? hintId : null, atLeastOne ? atLeastOneId : null].filter(Boolean).join(" ");
            return (
              <div
                key={meter}
                className="grid grid-cols-1 gap-3 rounded-xl border border-border p-3 sm:grid-cols-2 sm:items-start"
                data-testid={`meter-${meter}`}
              >
                <Field
                  id={inputId}
                  label={t.label}
                  error={error}
                  invalid={Boolean(atLeastOne)}
                  describedBy={describedBy}
                  className="grid-cols-1"
                  inputProps={{
                    type: "text",
                    inputMode: "decimal",
                    autoComplete: "off",
                    placeholder: meterTexts.valuePlaceholder,
                    ...form.register(meter, {
                      validate: validateMeterValue,
                      onChange: () => form.clearErrors("root.values"),
                    }),
                  }}
                  after={
                    <div aria-live="polite">
                      {hint ? <PlausibilityNote id={hintId} hint={hint} meter={meter} /> : null}
                    </div>
                  }
                />
                <Controller
                  control={form.control}
                  name={`photos.${meter}`}
                  render={({ field }) => (
                    <PhotoPicker
                      key={pickerKey}
                      label={t.photo}
                      max={1}
                      photos={field.value}
                      onChange={field.onChange}
                      disabled={busy}
                    />
                  )}
                />
              </div>
            );
          })}
          {atLeastOne ? (
            <p id={atLeastOneId} role="alert" className="text-sm text-destructive-text">
              {atLeastOne}
            </p>
          ) : null}
          <Field
            id={`${id}-date`}
            label={meterTexts.readingDate}
            error={errors.readingDate?.message}
            className="grid-cols-1 sm:max-w-xs"
            inputProps={{
              type: "date",
              ...readingDateLimits(today),
              ...form.register("readingDate", { validate: (value) => validateReadingDate(value, berlinToday()) }),
            }}
          />
        </fieldset>
        {network.offline ? <p className="text-sm text-muted-foreground">{meterTexts.offlineHint}</p> : null}
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy} className="sm:justify-self-end">
          <Send aria-hidden="true" />
          {busy ? meterTexts.submitting : meterTexts.submit}
        </Button>
      </form>
      <LowerReadingConfirm
        lines={pendingLower?.lines ?? null}
        onCancel={() => {
          pendingLowerFocus.current = pendingLower?.meters[0] ?? "water";
          setPendingLower(null);
        }}
        onConfirm={confirmLower}
        focusAfterCancel={() => form.setFocus(pendingLowerFocus.current)}
      />
    </Card>
  );
}
