import { zodResolver } from "@hookform/resolvers/zod";
import { addDays } from "@mieter-portal/contracts";
import {
  HEDGE_CUT_TEXTS,
  type ServiceKind,
  type ServicePlan,
  type ServicePlanChangeRequest,
  type ServicePlanRequest,
} from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormError, showApiErrors } from "@/components/form-error";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";
import { colleaguesQueryOptions } from "@/lib/shared-queries";
import { useChangeServicePlan, useCreateServicePlan } from "../api/mutations";
import { serviceKindsQueryOptions } from "../api/queries";
import { hedgeWarningApplies, WINTER_SERVICE_KEY } from "../preview";
import { RECURRENCE_KIND_LABELS, SERVICES_TEXTS, WEEKDAY_LABELS } from "../texts";
import {
  changePlanSchema,
  createPlanSchema,
  emptyPlanValues,
  monthDayInput,
  type PlanFormValues,
  planValues,
  RECURRENCE_KINDS,
} from "./plan-form-schema";
import { PlanPreview } from "./plan-preview";

const FIELDS = [
  "service_kind_id",
  "weekdays",
  "every_weeks",
  "day_of_month",
  "season_from",
  "season_until",
  "window_start",
  "window_end",
  "rest_day_start",
  "rest_day_end",
  "checklist",
  "team",
  "responsible_staff_id",
  "starts",
  "valid_until",
] as const;

/** The server names the start field by the request's name. */
const SERVER_FIELD: Record<string, (typeof FIELDS)[number]> = { valid_from: "starts", effective_from: "starts" };

/** Create a plan for a building, or change a running one from tomorrow on (decision 041). */
export function PlanFormDialog({
  buildingId,
  plan,
  trigger,
}: {
  buildingId: string;
  plan?: ServicePlan;
  trigger: (open: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(() => setOpen(true))}
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{plan ? `${plan.service_kind.name}: Plan ändern` : "Plan anlegen"}</DialogTitle>
          <DialogDescription>
            {plan ? SERVICES_TEXTS.changeAppliesFrom : "Welche Leistung, wie oft, wann und von wem."}
          </DialogDescription>
        </DialogHeader>
        {open ? <PlanForm buildingId={buildingId} plan={plan} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

export function PlanForm({
  buildingId,
  plan,
  onDone,
  today = berlinDate(new Date()),
}: {
  buildingId: string;
  plan?: ServicePlan;
  onDone: () => void;
  /** Berlin's date today (tests pass one). */
  today?: string;
}) {
  const kinds = useQuery(serviceKindsQueryOptions());
  const colleagues = useQuery(colleaguesQueryOptions());
  const create = useCreateServicePlan();
  const change = useChangeServicePlan();
  const weekdaysId = useId();
  const tomorrow = addDays(today, 1);
  const kindOf = (id: string): ServiceKind | undefined =>
    plan?.service_kind.id === id ? plan.service_kind : kinds.data?.find((k) => k.id === id);
  const isWinter = (id: string) => kindOf(id)?.key === WINTER_SERVICE_KEY;
  const schema = plan ? changePlanSchema(isWinter(plan.service_kind.id)) : createPlanSchema(buildingId, isWinter);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    control,
    formState: { errors },
  } = useForm<PlanFormValues, unknown, ServicePlanRequest | ServicePlanChangeRequest>({
    resolver: zodResolver(schema),
    defaultValues: plan ? planValues(plan, tomorrow) : emptyPlanValues(today),
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    service_kind_id: register("service_kind_id", {
      onChange: (event: { target: { value: string } }) => pickService(event.target.value),
    }),
    recurrence_kind: register("recurrence_kind"),
    every_weeks: register("every_weeks"),
    day_of_month: register("day_of_month"),
    season_from: register("season_from"),
    season_until: register("season_until"),
    window_start: register("window_start"),
    window_end: register("window_end"),
    rest_day_start: register("rest_day_start"),
    rest_day_end: register("rest_day_end"),
    checklist: register("checklist"),
    team: register("team"),
    responsible_staff_id: register("responsible_staff_id"),
    starts: register("starts"),
    valid_until: register("valid_until"),
  };
  const values = watch();
  const kind = kindOf(values.service_kind_id);
  const winter = kind?.key === WINTER_SERVICE_KEY;
  const season =
    values.seasonal && values.season_from && values.season_until
      ? { from: monthDayInput(values.season_from), until: monthDayInput(values.season_until) }
      : null;
  const hedgeWarning = hedgeWarningApplies(kind?.key, season);
  const pending = create.isPending || change.isPending;

  /** A new plan starts with the service's checklist; the Winterdienst with its season and hours. */
  function pickService(id: string) {
    const picked = kindOf(id);
    if (!picked) return;
    setValue("checklist", picked.checklist.join("\n"));
    if (picked.key === WINTER_SERVICE_KEY) {
      setValue("recurrence_kind", "daily");
      setValue("seasonal", true);
      setValue("season_from", "01.11.");
      setValue("season_until", "31.03.");
      setValue("window_start", "07:00");
      setValue("window_end", "20:00");
    }
  }

  async function onSubmit(data: ServicePlanRequest | ServicePlanChangeRequest) {
    try {
      if ("effective_from" in data) {
        if (!plan) return;
        await change.mutateAsync({ ...data, id: plan.id });
        toast({
          title: "Plan geändert",
          description: `Gilt ab ${formatCalendarDate(data.effective_from)}; frühere Einsätze bleiben.`,
        });
      } else {
        await create.mutateAsync(data);
        toast({ title: "Plan angelegt", description: "Die Einsätze der nächsten acht Wochen sind geplant." });
      }
      onDone();
    } catch (error) {
      const rest = showApiErrors(error, setError, FIELDS);
      for (const [key, message] of Object.entries(rest)) {
        const target = SERVER_FIELD[key];
        if (target) setError(target, { type: "server", message });
      }
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      {plan ? null : (
        <Field label="Leistung" error={errors.service_kind_id?.message}>
          {(controlProps) => (
            <NativeSelect {...controlProps} {...field.service_kind_id}>
              <option value="">Bitte wählen</option>
              {(kinds.data ?? []).map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
      <fieldset className="grid gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-medium">Rhythmus</legend>
        <Field label="Wie oft">
          {(controlProps) => (
            <NativeSelect {...controlProps} {...field.recurrence_kind}>
              {RECURRENCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {RECURRENCE_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {values.recurrence_kind === "weekly" ? (
          <>
            <fieldset className="grid gap-2" aria-describedby={errors.weekdays ? `${weekdaysId}-error` : undefined}>
              <legend className="mb-1 text-sm font-medium">Wochentage</legend>
              <Controller
                control={control}
                name="weekdays"
                render={({ field: { value, onChange } }) => (
                  <div className="flex flex-wrap gap-x-4 gap-y-2">
                    {WEEKDAY_LABELS.map((label, index) => {
                      const day = index + 1;
                      return (
                        <label key={label} className="flex min-h-10 items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={value.includes(day)}
                            onChange={(e) =>
                              onChange(e.target.checked ? [...value, day] : value.filter((d) => d !== day))
                            }
                          />
                          {label}
                        </label>
                      );
                    })}
                  </div>
                )}
              />
              {errors.weekdays ? (
                <p id={`${weekdaysId}-error`} className="text-sm text-destructive-text">
                  {errors.weekdays.message}
                </p>
              ) : null}
            </fieldset>
            <Field
              label="Alle wie viele Wochen"
              hint="1 = jede Woche, 2 = jede zweite Woche (gezählt ab der ersten Woche des Plans)"
              error={errors.every_weeks?.message}
              inputProps={{ inputMode: "numeric", className: "max-w-32", ...field.every_weeks }}
            />
          </>
        ) : null}
        {values.recurrence_kind === "monthly" ? (
          <Field
            label="Tag im Monat"
            hint="29. bis 31.: in kürzeren Monaten am letzten Tag"
            error={errors.day_of_month?.message}
            inputProps={{ inputMode: "numeric", className: "max-w-32", ...field.day_of_month }}
          />
        ) : null}
        <p className="text-sm text-muted-foreground">
          Sonn- und Feiertage: Der Einsatz rückt auf den nächsten Werktag
          {winter ? " – außer beim Winterdienst, der jeden Tag läuft." : "."}
        </p>
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-medium">Saison und Zeitfenster</legend>
        <Controller
          control={control}
          name="seasonal"
          render={({ field: { value, onChange } }) => (
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={value}
                onChange={(e) => onChange(e.target.checked)}
              />
              Nur in einer Saison (z. B. Winterdienst 01.11. bis 31.03.)
            </label>
          )}
        />
        {values.seasonal ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label="Saison vom (TT.MM.)"
              error={errors.season_from?.message}
              inputProps={{ placeholder: "01.11.", ...field.season_from }}
            />
            <Field
              label="Saison bis (TT.MM.)"
              error={errors.season_until?.message}
              inputProps={{ placeholder: "31.03.", ...field.season_until }}
            />
          </div>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={winter ? "Zeitfenster werktags ab" : "Zeitfenster ab"}
            error={errors.window_start?.message}
            inputProps={{ type: "time", ...field.window_start }}
          />
          <Field
            label={winter ? "Zeitfenster werktags bis" : "Zeitfenster bis"}
            error={errors.window_end?.message}
            inputProps={{ type: "time", ...field.window_end }}
          />
        </div>
        {winter ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label="Sonn- und feiertags ab"
              error={errors.rest_day_start?.message}
              inputProps={{ type: "time", ...field.rest_day_start }}
            />
            <Field
              label="Sonn- und feiertags bis"
              error={errors.rest_day_end?.message}
              inputProps={{ type: "time", ...field.rest_day_end }}
            />
          </div>
        ) : null}
      </fieldset>
      {hedgeWarning ? (
        <div
          role="note"
          className="flex items-start gap-2 rounded-lg border border-warning-soft-foreground/40 bg-warning-soft p-3 text-sm text-warning-soft-foreground"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{HEDGE_CUT_TEXTS.planWarning}</p>
        </div>
      ) : null}
      <Field label="Checkliste" hint="Ein Punkt je Zeile, höchstens 30." error={errors.checklist?.message}>
        {(controlProps) => <Textarea rows={4} {...controlProps} {...field.checklist} />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Team (optional)"
          hint="z. B. Grünpflege Nord"
          error={errors.team?.message}
          inputProps={field.team}
        />
        <Field label="Verantwortlich (optional)" error={errors.responsible_staff_id?.message}>
          {(controlProps) => (
            <NativeSelect {...controlProps} {...field.responsible_staff_id}>
              <option value="">Niemand Bestimmtes</option>
              {(colleagues.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Controller
        control={control}
        name="tenant_visible"
        render={({ field: { value, onChange } }) => (
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={value}
              onChange={(e) => onChange(e.target.checked)}
            />
            Für Mieter sichtbar (zuletzt erledigt, nächster Termin)
          </label>
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={plan ? "Änderung gilt ab" : "Gültig ab"}
          hint={plan ? "frühestens morgen" : "frühestens heute"}
          error={errors.starts?.message}
          inputProps={{ type: "date", min: plan ? tomorrow : today, ...field.starts }}
        />
        <Field
          label="Gültig bis (optional)"
          error={errors.valid_until?.message}
          inputProps={{ type: "date", min: values.starts || today, ...field.valid_until }}
        />
      </div>
      <PlanPreview values={values} winter={winter} />
      <Button type="submit" className="w-fit" disabled={pending}>
        {pending ? "Wird gespeichert…" : plan ? "Änderung speichern" : "Plan anlegen"}
      </Button>
    </form>
  );
}
