import type { NoticeKind } from "@mieter-portal/contracts";
import { type StaffNotice, staffNoticeCreateRequest, staffNoticeUpdateRequest } from "@mieter-portal/contracts/staff";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@mieter-portal/ui/alert-dialog";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useMe } from "@/lib/me";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { fetchNoticeRecipients, usePublishNotice, useUpdateNotice } from "./api";
import { EMERGENCY_TYPES, emergencyTypeLabel } from "./labels";
import { createRequest, initialValues, type NoticeFormValues, outageWindowErrors, updateRequest } from "./notice-form";

/** Publish a notice, or change one (its building stays: publish a new one for another). */
export function NoticeFormDialog({
  notice,
  defaultBuilding,
  trigger,
}: {
  notice?: StaffNotice;
  defaultBuilding?: string;
  trigger: (open: () => void) => ReactNode;
}) {
  const me = useMe();
  const mayPublishToAll = me.role === "administrator";
  const buildings = useQuery(buildingsQueryOptions());
  const publish = usePublishNotice();
  const update = useUpdateNotice();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<NoticeFormValues>(() => initialValues(notice, defaultBuilding));
  const [errors, setErrors] = useState<FieldErrors>({});
  /** An outage about to be mailed: how many get it, and the save that mails them once confirmed. */
  const [asking, setAsking] = useState<{ recipients: number; save: () => Promise<void> } | null>(null);
  const pending = publish.isPending || update.isPending;
  const set = <K extends keyof NoticeFormValues>(key: K, value: NoticeFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function openDialog() {
    setValues(initialValues(notice, defaultBuilding));
    setErrors({});
    setOpen(true);
  }

  /** An outage not mailed yet goes to the building's tenants on saving: ask first („An 24 Mieter senden?“). */
  async function saveOrAsk(building: string, save: () => Promise<void>) {
    if (values.kind !== "emergency" || notice?.mailed_at) return save();
    const recipients = await fetchNoticeRecipients(building);
    if (recipients === 0) return save();
    setAsking({ recipients, save });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      if (notice) {
        const checked = validate(staffNoticeUpdateRequest, updateRequest(notice, values));
        // The request carries only what changed; the window is judged on the whole form.
        const windowErrors = outageWindowErrors(values);
        if (checked.errors || Object.keys(windowErrors).length > 0) {
          return setErrors({ ...windowErrors, ...checked.errors });
        }
        setErrors({});
        await saveOrAsk(notice.building?.id ?? "all", async () => {
          await update.mutateAsync({ id: notice.id, ...checked.data });
          toast({ title: "Aushang gespeichert" });
          setOpen(false);
        });
      } else {
        const checked = validate(staffNoticeCreateRequest, createRequest(values));
        if (checked.errors) {
          // zod skips the window's check while a field is missing (no building yet): said all at once.
          checked.errors = { ...outageWindowErrors(values), ...checked.errors };
          if (!values.building) checked.errors.building_id = "Bitte wählen Sie ein Gebäude.";
          if (values.kind === "emergency" && !values.emergencyType) {
            checked.errors.emergency_type ??= "Bitte wählen Sie die Art der Störung.";
          }
          return setErrors(checked.errors);
        }
        setErrors({});
        await saveOrAsk(checked.data.building_id ?? "all", async () => {
          const created = await publish.mutateAsync(checked.data);
          toast({
            title: "Aushang veröffentlicht",
            description:
              created.kind === "emergency"
                ? "Die Mieter werden zusätzlich per E-Mail informiert."
                : "Die Mieter sehen ihn in ihrer App, solange er gilt.",
          });
          setOpen(false);
        });
      }
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  async function confirmSend() {
    const save = asking?.save;
    setAsking(null);
    try {
      await save?.();
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(openDialog)}
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{notice ? "Aushang bearbeiten" : "Aushang veröffentlichen"}</DialogTitle>
          <DialogDescription>
            {notice
              ? `Für ${notice.building?.name ?? "alle Gebäude"}. Das Gebäude bleibt; für ein anderes veröffentlichen Sie einen neuen Aushang.`
              : "Die Mieter sehen ihn auf der Startseite ihrer App, solange er gilt."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          {notice ? null : (
            <SelectField
              label="Gebäude"
              value={values.building}
              onChange={(e) => set("building", e.target.value)}
              error={errors.building_id}
            >
              <option value="">Bitte wählen</option>
              {mayPublishToAll ? <option value="all">Alle Gebäude</option> : null}
              {(buildings.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            label="Titel"
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
            error={errors.title}
          />
          <TextAreaField
            label="Text"
            rows={5}
            value={values.text}
            onChange={(e) => set("text", e.target.value)}
            error={errors.text}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Art"
              value={values.kind}
              onChange={(e) => set("kind", e.target.value as NoticeKind)}
              error={errors.kind}
            >
              <option value="information">Information</option>
              <option value="emergency">Störung</option>
            </SelectField>
            {values.kind === "emergency" ? (
              <SelectField
                label="Art der Störung"
                value={values.emergencyType}
                onChange={(e) => set("emergencyType", e.target.value as NoticeFormValues["emergencyType"])}
                error={errors.emergency_type}
              >
                <option value="">Bitte wählen</option>
                {EMERGENCY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {emergencyTypeLabel(type)}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </div>
          <OutageWindowFields values={values} errors={errors} set={set} />
          {values.kind === "emergency" && !notice?.mailed_at ? (
            <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-foreground">
              Eine Störung geht beim Speichern sofort per E-Mail an die Mieter (einmal je Aushang), die E-Mails erhalten
              möchten.
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Gültig ab"
              type="datetime-local"
              className="min-w-0"
              value={values.validFrom}
              onChange={(e) => set("validFrom", e.target.value)}
              error={errors.valid_from}
              hint="Uhrzeit in Berlin"
            />
            <TextField
              label="Gültig bis"
              type="datetime-local"
              className="min-w-0"
              value={values.validUntil}
              onChange={(e) => set("validUntil", e.target.value)}
              error={errors.valid_until}
              hint="Leer: bis auf Weiteres"
            />
          </div>
          <Button type="submit" className="w-fit" disabled={pending}>
            {pending ? "Wird gespeichert…" : notice ? "Speichern" : "Veröffentlichen"}
          </Button>
        </form>
        <AlertDialog open={asking !== null} onOpenChange={(next) => (next ? undefined : setAsking(null))}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {asking?.recipients === 1 ? "An 1 Mieter senden?" : `An ${asking?.recipients ?? 0} Mieter senden?`}
              </AlertDialogTitle>
              <AlertDialogDescription>
                Die Störung geht beim Speichern sofort per E-Mail an{" "}
                {asking?.recipients === 1 ? "einen Mieter" : `${asking?.recipients ?? 0} Mieter`}, die E-Mails erhalten
                möchten. Das lässt sich nicht zurückholen.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Abbrechen</AlertDialogCancel>
              <AlertDialogAction onClick={confirmSend}>Senden</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}

/**
 * When the outage itself runs (issue 25 item 21): required for a Störung, whose mail, printed
 * notice and tenant app show it as "Zeitraum"; optional for an information (e.g. building work).
 */
function OutageWindowFields({
  values,
  errors,
  set,
}: {
  values: NoticeFormValues;
  errors: FieldErrors;
  set: <K extends keyof NoticeFormValues>(key: K, value: NoticeFormValues[K]) => void;
}) {
  const outage = values.kind === "emergency";
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">
        {outage ? "Zeitraum der Störung" : "Zeitraum, z. B. von Bauarbeiten (optional)"}
      </legend>
      <p className="text-sm text-muted-foreground">
        {outage
          ? "Wann die Störung besteht – steht so in der E-Mail, im Aushang zum Drucken und in der App der Mieter. Ende unsicher? Tragen Sie das erwartete Ende ein und ändern Sie es bei Bedarf."
          : "Wenn Sie einen Zeitraum angeben, sehen die Mieter ihn statt der Gültigkeit."}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Beginn"
          type="datetime-local"
          className="min-w-0"
          value={values.outageFrom}
          onChange={(e) => set("outageFrom", e.target.value)}
          error={errors.outage_from}
          required={outage}
          hint="Uhrzeit in Berlin"
        />
        <TextField
          label={outage ? "Ende (voraussichtlich)" : "Ende"}
          type="datetime-local"
          className="min-w-0"
          value={values.outageUntil}
          onChange={(e) => set("outageUntil", e.target.value)}
          error={errors.outage_until}
          required={outage}
          hint="Uhrzeit in Berlin"
        />
      </div>
    </fieldset>
  );
}
