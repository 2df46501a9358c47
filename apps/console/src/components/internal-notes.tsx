import { zodResolver } from "@hookform/resolvers/zod";
import { internalNote, internalNoteRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { LoadError, Section } from "@/components/page";
import { apiGet, apiPost } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";

const INTERNAL_LABEL = "Intern – für Mieter nicht sichtbar";

type Note = z.infer<typeof internalNote>;
type NoteRequest = z.infer<typeof internalNoteRequest>;

/**
 * Notes for staff only, set apart by colour, a lock and the words on every note (repairs,
 * conversations, appointments, tenants; issue 25 §15).
 */
export function InternalNotesPanel({ notes, onAdd }: { notes: Note[]; onAdd: (note: string) => Promise<unknown> }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NoteRequest>({ resolver: zodResolver(internalNoteRequest), defaultValues: { note: "" } });

  async function onSubmit(values: NoteRequest) {
    try {
      await onAdd(values.note);
      reset();
    } catch (error) {
      showApiErrors(error, setError, ["note"]);
    }
  }

  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm font-medium text-warning-soft-foreground">
        <Lock className="size-4" aria-hidden="true" />
        {INTERNAL_LABEL}
      </p>
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">Noch keine internen Notizen.</p>
      ) : (
        <ol className="grid gap-3">
          {notes.map((n) => (
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
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-3">
        <FormError message={errors.root?.message} />
        <Field
          label="Interne Notiz hinzufügen"
          hint={`${INTERNAL_LABEL}. Nur Mitarbeiter sehen diese Notiz.`}
          error={errors.note?.message}
        >
          {(control) => <Textarea {...control} rows={3} {...register("note")} />}
        </Field>
        <Button type="submit" variant="secondary" className="w-fit" disabled={isSubmitting}>
          <Lock aria-hidden="true" />
          {isSubmitting ? "Wird gespeichert…" : "Interne Notiz speichern"}
        </Button>
      </form>
    </div>
  );
}

/** The internal notes of a conversation, appointment or tenant, loaded and added through /staff/notes. */
export function InternalNotes({ entity, id }: { entity: "thread" | "appointment" | "tenant"; id: string }) {
  const queryClient = useQueryClient();
  const queryKey = ["staff", "notes", entity, id];
  const notes = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet(`/staff/notes/${entity}/${id}`, z.array(internalNote), { signal }),
  });
  const add = useMutation({
    mutationFn: (note: string) => apiPost(`/staff/notes/${entity}/${id}`, z.array(internalNote), { note }),
    meta: { inlineErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
  return (
    <Section title="Interne Notizen" headingId={`${entity}-notes`}>
      {notes.isError ? (
        <LoadError error={notes.error} onRetry={() => notes.refetch()} />
      ) : notes.isPending ? (
        <p className="text-sm text-muted-foreground">Notizen werden geladen…</p>
      ) : (
        <InternalNotesPanel notes={notes.data} onAdd={(note) => add.mutateAsync(note)} />
      )}
    </Section>
  );
}
