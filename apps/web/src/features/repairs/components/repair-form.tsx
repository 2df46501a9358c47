import { zodResolver } from "@hookform/resolvers/zod";
import { LIMITS, repairLocation, repairType } from "@mieter-portal/contracts";
import { Send } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { PhotoPicker } from "@/components/photo-picker/photo-picker";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useNetworkState } from "@/lib/network";
import { useReportRepair } from "../api/report-repair";
import {
  emptyRepairForm,
  REPAIR_MAX_PHOTOS,
  type RepairFormInput,
  type RepairFormOutput,
  repairFormSchema,
  toRepairRequest,
} from "../repair-form-schema";
import { REPAIR_LOCATION_LABELS, REPAIR_TYPE_LABELS, repairTexts } from "../texts";
import { EmergencyCall } from "./emergency-call";
import { UrgencyChoice } from "./urgency-choice";

export function RepairForm({ userId, emergencyHotline }: { userId: string | null; emergencyHotline: string }) {
  const t = repairTexts.form;
  const id = useId();
  const network = useNetworkState();
  const report = useReportRepair();
  const form = useForm<RepairFormInput, unknown, RepairFormOutput>({
    resolver: zodResolver(repairFormSchema),
    defaultValues: emptyRepairForm(),
  });
  const { errors } = form.formState;
  const urgency = useWatch({ control: form.control, name: "urgency" });
  // A new picker after a successful report: an earlier photo message must not stay under the empty form.
  const [pickerKey, setPickerKey] = useState(0);
  const ids = {
    type: `${id}-type`,
    location: `${id}-location`,
    description: `${id}-description`,
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      report.mutate(toRepairRequest(values, userId), {
        onSuccess: () => {
          form.reset(emptyRepairForm());
          setPickerKey((key) => key + 1);
        },
      });
    },
    () => toast({ variant: "destructive", title: t.missingTitle, description: t.missingDescription }),
  );
  const busy = report.isPending;
  // Registered here in the order of the screen: react-hook-form focuses the first invalid field in
  // the order the fields were registered, and Field calls its render function after this render.
  const fields = {
    type: form.register("type"),
    location: form.register("location"),
    description: form.register("description"),
    urgency: form.register("urgency"),
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardTitle id={`${id}-title`} className="text-lg">
        {t.title}
      </CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t.intro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid grid-cols-1 gap-4">
        <fieldset disabled={busy} className="grid grid-cols-1 min-w-0 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field id={ids.type} label={t.type} error={errors.type?.message} className="grid-cols-1">
              {(control) => (
                <NativeSelect {...control} {...fields.type}>
                  <option value="">{t.choose}</option>
                  {repairType.options.map((value) => (
                    <option key={value} value={value}>
                      {REPAIR_TYPE_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field id={ids.location} label={t.location} error={errors.location?.message} className="grid-cols-1">
              {(control) => (
                <NativeSelect {...control} {...fields.location}>
                  <option value="">{t.choose}</option>
                  {repairLocation.options.map((value) => (
                    <option key={value} value={value}>
                      {REPAIR_LOCATION_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <Field id={ids.description} label={t.description} error={errors.description?.message} className="grid-cols-1">
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={LIMITS.descriptionMax}
                placeholder={t.descriptionPlaceholder}
                {...fields.description}
              />
            )}
          </Field>
          <UrgencyChoice registration={fields.urgency} />
          {urgency === "emergency" ? <EmergencyCall hotline={emergencyHotline} /> : null}
          <Controller
            control={form.control}
            name="photos"
            render={({ field, fieldState }) => (
              <div className="grid grid-cols-1 gap-1.5">
                <PhotoPicker
                  key={pickerKey}
                  label={t.photos}
                  description={t.photosDescription}
                  max={REPAIR_MAX_PHOTOS}
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
