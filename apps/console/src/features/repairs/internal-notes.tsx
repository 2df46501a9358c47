import { internalNoteRequest, type StaffRepair } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormError, TextAreaField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { formatDateTime } from "@/lib/format";
import { useAddInternalNote } from "./api";

export const INTERNAL_LABEL = "Intern – für Mieter nicht sichtbar";

/** Notes for staff only, set apart by colour, a lock and the words on every note. */
export function InternalNotes({ repair }: { repair: StaffRepair }) {
  const add = useAddInternalNote(repair.id);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(internalNoteRequest, { note });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await add.mutateAsync(checked.data);
      setNote("");
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm font-medium text-warning-soft-foreground">
        <Lock className="size-4" aria-hidden="true" />
        {INTERNAL_LABEL}
      </p>
      {repair.internal_notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">Noch keine internen Notizen.</p>
      ) : (
        <ol className="grid gap-3">
          {repair.internal_notes.map((n) => (
            <li
              key={n.id}
              className="rounded-lg border border-dashed border-warning-soft-foreground bg-warning-soft p-3 text-warning-soft-foreground"
            >
              <p className="text-xs font-medium">
                {n.author} · <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time> · Intern
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap">{n.note}</p>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <FormError message={errors._form} />
        <TextAreaField
          label="Interne Notiz hinzufügen"
          hint={`${INTERNAL_LABEL}. Nur Mitarbeiter sehen diese Notiz.`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          rows={3}
        />
        <Button type="submit" variant="secondary" className="w-fit" disabled={add.isPending}>
          <Lock aria-hidden="true" />
          {add.isPending ? "Wird gespeichert…" : "Interne Notiz speichern"}
        </Button>
      </form>
    </div>
  );
}
