import { zodResolver } from "@hookform/resolvers/zod";
import type { StaffNotice, StaffNoticeCreateRequest, StaffNoticeUpdateRequest } from "@mieter-portal/contracts/staff";
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
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormError, showApiErrors } from "@/components/form-error";
import { LoadError, Loading } from "@/components/page";
import { useMe } from "@/lib/me";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { fetchNoticeRecipients, usePublishNotice, useUpdateNotice } from "../api";
import { EMERGENCY_TYPES, emergencyTypeLabel } from "../labels";
import { initialValues, type NoticeFormValues, noticeSchema } from "../notice-form";
import { WindowFields } from "./window-fields";

type NoticeRequest = StaffNoticeCreateRequest | StaffNoticeUpdateRequest;

const NOTICE_FIELDS = [
  "building_id",
  "title",
  "text",
  "kind",
  "emergency_type",
  "outage_from",
  "outage_until",
  "valid_from",
  "valid_until",
] as const;

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
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(() => setOpen(true))}
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{notice ? "Aushang bearbeiten" : "Aushang veröffentlichen"}</DialogTitle>
          <DialogDescription>
            {notice
              ? `Für ${notice.building?.name ?? "alle Gebäude"}. Das Gebäude bleibt; für ein anderes veröffentlichen Sie einen neuen Aushang.`
              : "Die Mieter sehen ihn auf der Startseite ihrer App, solange er gilt."}
          </DialogDescription>
        </DialogHeader>
        <NoticeFormBody notice={notice} defaultBuilding={defaultBuilding} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** A new notice's form once the buildings are there: a select keeps its preset house only when its option exists. */
function NoticeFormBody(props: { notice?: StaffNotice; defaultBuilding?: string; onDone: () => void }) {
  const buildings = useQuery({ ...buildingsQueryOptions(), enabled: !props.notice });
  if (props.notice) return <NoticeForm {...props} buildings={[]} />;
  if (buildings.isPending) return <Loading />;
  if (buildings.isError) return <LoadError error={buildings.error} onRetry={() => buildings.refetch()} />;
  return <NoticeForm {...props} buildings={buildings.data} />;
}

function NoticeForm({
  notice,
  defaultBuilding,
  buildings,
  onDone,
}: {
  notice?: StaffNotice;
  defaultBuilding?: string;
  buildings: { id: string; name: string }[];
  onDone: () => void;
}) {
  const mayPublishToAll = useMe().role === "administrator";
  const publish = usePublishNotice();
  const update = useUpdateNotice();
  const pending = publish.isPending || update.isPending;
  /** An outage about to be mailed: how many get it, and the request that mails them once confirmed. */
  const [asking, setAsking] = useState<{ recipients: number; body: NoticeRequest } | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NoticeFormValues, unknown, NoticeRequest>({
    resolver: zodResolver(noticeSchema(notice)),
    defaultValues: initialValues(notice, defaultBuilding),
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    building_id: register("building_id"),
    title: register("title"),
    text: register("text"),
    kind: register("kind"),
    emergency_type: register("emergency_type"),
    outage_from: register("outage_from"),
    outage_until: register("outage_until"),
    valid_from: register("valid_from"),
    valid_until: register("valid_until"),
  };
  const outage = useWatch({ control, name: "kind" }) === "emergency";

  async function save(body: NoticeRequest) {
    try {
      // A new notice's request names its building; a change never does.
      if (!("building_id" in body)) {
        await update.mutateAsync({ id: notice?.id ?? "", ...body });
        toast({ title: "Aushang gespeichert" });
      } else {
        const created = await publish.mutateAsync(body);
        toast({
          title: "Aushang veröffentlicht",
          description:
            created.kind === "emergency"
              ? "Die Mieter werden zusätzlich per E-Mail informiert."
              : "Die Mieter sehen ihn in ihrer App, solange er gilt.",
        });
      }
      onDone();
    } catch (error) {
      showApiErrors(error, setError, NOTICE_FIELDS);
    }
  }

  /** An outage not mailed yet goes to the building's tenants on saving: ask first („An 24 Mieter senden?“). */
  async function onSubmit(body: NoticeRequest) {
    if (!outage || notice?.mailed_at) return save(body);
    const building = "building_id" in body ? (body.building_id ?? "all") : (notice?.building?.id ?? "all");
    try {
      const recipients = await fetchNoticeRecipients(building);
      if (recipients === 0) return save(body);
      setAsking({ recipients, body });
    } catch (error) {
      showApiErrors(error, setError, []);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      {notice ? null : (
        <Field label="Gebäude" error={errors.building_id?.message}>
          {(control) => (
            <NativeSelect {...control} {...field.building_id}>
              <option value="">Bitte wählen</option>
              {mayPublishToAll ? <option value="all">Alle Gebäude</option> : null}
              {buildings.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
      <Field label="Titel" error={errors.title?.message} inputProps={field.title} />
      <Field label="Text" error={errors.text?.message}>
        {(control) => <Textarea {...control} rows={5} {...field.text} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Art" className="content-start" error={errors.kind?.message}>
          {(control) => (
            <NativeSelect {...control} {...field.kind}>
              <option value="information">Information</option>
              <option value="emergency">Störung</option>
            </NativeSelect>
          )}
        </Field>
        {outage ? (
          <Field label="Art der Störung" className="content-start" error={errors.emergency_type?.message}>
            {(control) => (
              <NativeSelect {...control} {...field.emergency_type}>
                <option value="">Bitte wählen</option>
                {EMERGENCY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {emergencyTypeLabel(type)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : null}
      </div>
      {/* When the outage itself runs (issue 25 item 21): required for a Störung, whose mail, printed
          notice and tenant app show it as "Zeitraum"; optional for an information (e.g. building work). */}
      <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-medium">
          {outage ? "Zeitraum der Störung" : "Zeitraum, z. B. von Bauarbeiten (optional)"}
        </legend>
        <p className="text-sm text-muted-foreground">
          {outage
            ? "Wann die Störung besteht – steht so in der E-Mail, im Aushang zum Drucken und in der App der Mieter. Ende unsicher? Tragen Sie das erwartete Ende ein und ändern Sie es bei Bedarf."
            : "Wenn Sie einen Zeitraum angeben, sehen die Mieter ihn statt der Gültigkeit."}
        </p>
        <WindowFields
          required={outage}
          from={{
            label: "Beginn",
            hint: "Uhrzeit in Berlin",
            field: field.outage_from,
            error: errors.outage_from?.message,
          }}
          until={{
            label: outage ? "Ende (voraussichtlich)" : "Ende",
            hint: "Uhrzeit in Berlin",
            field: field.outage_until,
            error: errors.outage_until?.message,
          }}
        />
      </fieldset>
      {outage && !notice?.mailed_at ? (
        <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          Eine Störung geht beim Speichern sofort per E-Mail an die Mieter (einmal je Aushang), die E-Mails erhalten
          möchten.
        </p>
      ) : null}
      <WindowFields
        from={{
          label: "Gültig ab",
          hint: "Uhrzeit in Berlin",
          field: field.valid_from,
          error: errors.valid_from?.message,
        }}
        until={{
          label: "Gültig bis",
          hint: "Leer: bis auf Weiteres",
          field: field.valid_until,
          error: errors.valid_until?.message,
        }}
      />
      <Button type="submit" className="w-fit" disabled={pending}>
        {pending ? "Wird gespeichert…" : notice ? "Speichern" : "Veröffentlichen"}
      </Button>
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
            <AlertDialogAction
              onClick={() => {
                const body = asking?.body;
                setAsking(null);
                if (body) void save(body);
              }}
            >
              Senden
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
