import { zodResolver } from "@hookform/resolvers/zod";
import { LIMITS, repairLocation, repairType } from "@mieter-portal/contracts";
import { Send } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { PhotoPicker } from "@/components/photo-picker/photo-picker";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useNetworkState } from "@/lib/network";
import { reportRepairVariables, useReportRepair } from "../api/report-repair";
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
  const invalid = (name: keyof typeof ids) =>
    errors[name]
      ? { "aria-invalid": true as const, "aria-describedby": `${ids[name]}-error` }
      : { "aria-invalid": undefined, "aria-describedby": undefined };

  const onSubmit = form.handleSubmit(
    (values) => {
      report.mutate(reportRepairVariables(toRepairRequest(values, userId)), {
        onSuccess: () => {
          form.reset(emptyRepairForm());
          setPickerKey((key) => key + 1);
        },
      });
    },
    () => toast({ variant: "destructive", title: t.missingTitle, description: t.missingDescription }),
  );
  const busy = report.isPending;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardTitle id={`${id}-title`} className="text-lg">
        {t.title}
      </CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t.intro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid grid-cols-1 gap-4">
        <fieldset disabled={busy} className="grid grid-cols-1 min-w-0 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor={ids.type}>{t.type}</Label>
              <NativeSelect id={ids.type} {...invalid("type")} {...form.register("type")}>
                <option value="">{t.choose}</option>
                {repairType.options.map((value) => (
                  <option key={value} value={value}>
                    {REPAIR_TYPE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={`${ids.type}-error`} message={errors.type?.message} />
            </div>
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor={ids.location}>{t.location}</Label>
              <NativeSelect id={ids.location} {...invalid("location")} {...form.register("location")}>
                <option value="">{t.choose}</option>
                {repairLocation.options.map((value) => (
                  <option key={value} value={value}>
                    {REPAIR_LOCATION_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={`${ids.location}-error`} message={errors.location?.message} />
            </div>
          </div>
          <div className="grid grid-cols-1 gap-1.5">
            <Label htmlFor={ids.description}>{t.description}</Label>
            <Textarea
              id={ids.description}
              rows={4}
              maxLength={LIMITS.descriptionMax}
              placeholder={t.descriptionPlaceholder}
              {...invalid("description")}
              {...form.register("description")}
            />
            <FieldError id={`${ids.description}-error`} message={errors.description?.message} />
          </div>
          <UrgencyChoice registration={form.register("urgency")} />
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
