import { zodResolver } from "@hookform/resolvers/zod";
import type { SepaRunDetail } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { FieldError } from "@mieter-portal/ui/field-error";
import { toast } from "@mieter-portal/ui/use-toast";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import { useCancelRun } from "../api";

/** A downloaded file may already be at the bank: cancelling it needs the person's word that it is not. */
const cancelSchema = (downloaded: boolean) =>
  z.object({
    not_submitted: z.boolean().refine((v) => v || !downloaded, {
      error: "Bitte bestätigen, dass die Datei nicht bei der Bank eingereicht wurde – sonst würde doppelt eingezogen.",
    }),
  });
type CancelValues = { not_submitted: boolean };

/** "Einzug stornieren": the run's charges are free again for another run. */
export function CancelRunDialog({ run }: { run: SepaRunDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Einzug stornieren
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-md overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Einzug stornieren?</DialogTitle>
          <DialogDescription>
            Einzug zum {formatCalendarDate(run.collection_date)}: Die {run.count} Forderungen sind danach wieder offen
            und können in einem neuen Einzug eingezogen werden.
          </DialogDescription>
        </DialogHeader>
        <CancelRunForm run={run} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

export function CancelRunForm({ run, onDone }: { run: SepaRunDetail; onDone: () => void }) {
  const cancel = useCancelRun();
  const downloaded = run.downloaded_at !== null;
  const checkId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CancelValues>({
    resolver: zodResolver(cancelSchema(downloaded)),
    defaultValues: { not_submitted: false },
  });

  async function onSubmit(values: CancelValues) {
    try {
      await cancel.mutateAsync({ id: run.id, notSubmitted: downloaded && values.not_submitted });
      toast({ title: "Einzug storniert", description: "Die Forderungen sind wieder offen." });
      onDone();
    } catch (error) {
      showApiErrors(error, setError, ["not_submitted"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      {downloaded ? (
        <div className="grid gap-1.5">
          <p className="text-sm">
            Die Datei wurde am {formatDateTime(run.downloaded_at)} heruntergeladen. Wurde sie nicht bei der Bank
            eingereicht?
          </p>
          <label htmlFor={checkId} className="flex items-start gap-2 text-sm font-medium">
            <input
              id={checkId}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              aria-invalid={errors.not_submitted ? true : undefined}
              aria-describedby={errors.not_submitted ? `${checkId}-error` : undefined}
              {...register("not_submitted")}
            />
            Die Datei wurde nicht bei der Bank eingereicht.
          </label>
          <FieldError id={`${checkId}-error`} message={errors.not_submitted?.message} />
        </div>
      ) : null}
      <Button type="submit" variant="destructive" className="w-fit" disabled={cancel.isPending}>
        {cancel.isPending ? "Wird storniert…" : "Einzug stornieren"}
      </Button>
    </form>
  );
}
