import { zodResolver } from "@hookform/resolvers/zod";
import { type ServiceMissedVisit, serviceMissedCloseRequest } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import { useCloseMissedVisit } from "../api/missed";

type CloseValues = z.input<typeof serviceMissedCloseRequest>;
type CloseData = z.output<typeof serviceMissedCloseRequest>;

/**
 * A visit whose window passed without a finished Einsatz (issue 27 §4): when, which window, since
 * when it is known; open, a note of what was done about it ("Nachgeholt am Freitag") closes it and
 * its Eingang item. A record finished late closes it by itself.
 */
export function MissedVisit({ visit }: { visit: ServiceMissedVisit }) {
  const close = useCloseMissedVisit(visit.visit_id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CloseValues, unknown, CloseData>({
    resolver: zodResolver(serviceMissedCloseRequest),
    defaultValues: { note: "" },
  });

  async function onSubmit(values: CloseData) {
    try {
      await close.mutateAsync(values);
      toast({
        title: "Vermerkt",
        description: "Der verpasste Einsatz ist erledigt; das Eingangselement ist geschlossen.",
      });
    } catch (error) {
      showApiErrors(error, setError, ["note"], { quietWhenField: true });
    }
  }

  return (
    <div className="grid max-w-2xl gap-6">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Haus</dt>
        <dd>{visit.building_name}</dd>
        <dt className="font-medium">Leistung</dt>
        <dd>{visit.service_name}</dd>
        <dt className="font-medium">Geplant</dt>
        <dd>
          {formatCalendarDate(visit.planned_on)}, {visit.window.start}–{visit.window.end} Uhr
        </dd>
        <dt className="font-medium">Als verpasst erkannt</dt>
        <dd>{formatDateTime(visit.noticed_at)}</dd>
        <dt className="font-medium">Stand</dt>
        <dd>
          {visit.closed_at
            ? `Erledigt am ${formatDateTime(visit.closed_at)}${visit.close_note ? `: ${visit.close_note}` : ""}`
            : "Offen"}
        </dd>
      </dl>
      {visit.closed_at ? null : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message} />
          <Field
            label="Was wurde unternommen?"
            hint="z. B. „Nachgeholt am Freitag, 8:30 Uhr“ oder „Team informiert“"
            error={errors.note?.message}
            inputProps={register("note")}
          />
          <Button type="submit" className="w-fit" disabled={close.isPending}>
            {close.isPending ? "Wird gespeichert…" : "Erledigt vermerken"}
          </Button>
        </form>
      )}
    </div>
  );
}
