import { zodResolver } from "@hookform/resolvers/zod";
import { addDays, LIMITS } from "@mieter-portal/contracts";
import {
  SERVICE_REPORT_MAX_AGE_DAYS,
  SERVICE_REPORT_MAX_PHOTOS,
  type TenantService,
} from "@mieter-portal/contracts/services";
import { Send } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { PhotoPicker } from "@/components/photo-picker/photo-picker";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { berlinToday } from "@/lib/format";
import { useNetworkState } from "@/lib/network";
import { useReportMissingService } from "../api/service-feedback";
import {
  emptyReportForm,
  type ReportFormInput,
  type ReportFormOutput,
  reportFormSchema,
  toReportRequest,
} from "../report-form-schema";
import { serviceTexts } from "../texts";

/**
 * "Leistung fehlt" (issue 27 §3): which service, which day (the last 30), what was missing, photos.
 * Sent at once or queued offline like every change; it opens a conversation with the management.
 */
export function ReportForm({
  services,
  initialServiceId,
  onSent,
}: {
  services: TenantService[];
  initialServiceId?: string;
  onSent?: () => void;
}) {
  const t = serviceTexts.report;
  const id = useId();
  const network = useNetworkState();
  const report = useReportMissingService();
  const today = berlinToday();
  const schema = useMemo(() => reportFormSchema(today), [today]);
  const known = services.some((s) => s.service_kind_id === initialServiceId) ? initialServiceId : "";
  const form = useForm<ReportFormInput, unknown, ReportFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: emptyReportForm(today, known),
  });
  const { errors } = form.formState;
  const [pickerKey, setPickerKey] = useState(0);
  const ids = { service: `${id}-service`, date: `${id}-date`, text: `${id}-text` };
  const onSubmit = form.handleSubmit(
    (values) => {
      report.mutate(toReportRequest(values), {
        onSuccess: () => {
          form.reset(emptyReportForm(today));
          setPickerKey((key) => key + 1);
          onSent?.();
        },
      });
    },
    () => toast({ variant: "destructive", title: t.missingTitle, description: t.missingDescription }),
  );
  const busy = report.isPending;
  // Registered in the order of the screen: the first invalid field is focused.
  const fields = {
    service: form.register("service_kind_id"),
    date: form.register("date"),
    text: form.register("text"),
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardTitle id={`${id}-title`} className="text-lg">
        {t.title}
      </CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t.intro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid grid-cols-1 gap-4">
        <fieldset disabled={busy} className="grid min-w-0 grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field id={ids.service} label={t.service} error={errors.service_kind_id?.message} className="grid-cols-1">
              {(control) => (
                <NativeSelect {...control} {...fields.service}>
                  <option value="">{t.choose}</option>
                  {services.map((s) => (
                    <option key={s.service_kind_id} value={s.service_kind_id}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field id={ids.date} label={t.date} error={errors.date?.message} className="grid-cols-1">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={addDays(today, -SERVICE_REPORT_MAX_AGE_DAYS)}
                  max={today}
                  {...fields.date}
                />
              )}
            </Field>
          </div>
          <Field id={ids.text} label={t.text} error={errors.text?.message} className="grid-cols-1">
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={LIMITS.descriptionMax}
                placeholder={t.textPlaceholder}
                {...fields.text}
              />
            )}
          </Field>
          <Controller
            control={form.control}
            name="photos"
            render={({ field, fieldState }) => (
              <div className="grid grid-cols-1 gap-1.5">
                <PhotoPicker
                  key={pickerKey}
                  label={t.photos}
                  description={t.photosDescription}
                  max={SERVICE_REPORT_MAX_PHOTOS}
                  photos={field.value}
                  onChange={field.onChange}
                  disabled={busy}
                />
                <FieldError id={`${id}-photos-error`} message={fieldState.error?.message} />
              </div>
            )}
          />
        </fieldset>
        {network.offline ? <p className="text-sm text-muted-foreground">{t.offlineHint}</p> : null}
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy} className="sm:justify-self-end">
          <Send aria-hidden="true" />
          {busy ? t.submitting : t.submit}
        </Button>
      </form>
    </Card>
  );
}
