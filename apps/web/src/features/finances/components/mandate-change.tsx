import { zodResolver } from "@hookform/resolvers/zod";
import {
  type MandateChangeRequest,
  mandateChangeRequest,
  type TenantDirectDebitResponse,
} from "@mieter-portal/contracts";
import { CircleCheck, CloudOff, Send, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import * as sepaPaths from "@/config/api-paths-sepa";
import { formatDate } from "@/lib/format";
import { usePendingChanges } from "@/lib/offline/hooks";
import { isOfflineResult } from "@/lib/offline/types";
import { useRequestMandateChange } from "../api/request-mandate-change";
import { directDebitTexts } from "../direct-debit-texts";

type ChangeValues = z.input<typeof mandateChangeRequest>;

/**
 * "So ändern Sie Ihre Bankverbindung": the management's words (how_to_change), then the request,
 * which opens a conversation (the management sends a new mandate to sign). Offline it waits in the
 * queue and is sent once; until then it says so.
 */
export function MandateChange({ debit }: { debit: TenantDirectDebitResponse }) {
  const t = directDebitTexts;
  const id = useId();
  const change = useRequestMandateChange();
  const waiting = usePendingChanges(sepaPaths.directDebitChangeRequest);
  const form = useForm<ChangeValues, unknown, MandateChangeRequest>({
    resolver: zodResolver(mandateChangeRequest),
    defaultValues: { note: "" },
  });
  const note = form.register("note");
  const queued = (change.isSuccess && isOfflineResult(change.data)) || waiting.some((e) => e.status === "pending");
  const failed = waiting.some((e) => e.status === "failed");
  // Sent just now: the read that tells it comes back a moment later.
  const sentNow = change.isSuccess && !isOfflineResult(change.data);
  const requestedAt = debit.change_requested_at ?? (sentNow ? new Date().toISOString() : null);

  let status: React.ReactNode = null;
  if (requestedAt)
    status = (
      <p className="flex items-start gap-2 text-sm font-medium" data-testid="mandate-change-requested">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t.changeRequested(formatDate(requestedAt))}
      </p>
    );
  else if (queued || failed)
    status = (
      <p role="status" className="flex items-start gap-2 text-sm font-medium" data-testid="mandate-change-queued">
        {failed ? (
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        ) : (
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        )}
        {failed ? t.changeFailed : t.changeQueued}
      </p>
    );

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t.changeTitle}
      </h3>
      <p className="text-sm whitespace-pre-line" data-testid="mandate-how-to-change">
        {debit.how_to_change}
      </p>
      {status ?? (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={form.handleSubmit((values) =>
            change.mutate({ ...(values.note ? { note: values.note } : {}) }, { onSuccess: () => form.reset() }),
          )}
        >
          <Field label={t.changeNote} error={form.formState.errors.note?.message}>
            {(control) => <Textarea {...control} rows={2} placeholder={t.changeNotePlaceholder} {...note} />}
          </Field>
          <Button
            type="submit"
            disabled={change.isPending}
            aria-busy={change.isPending}
            // Its label wraps on a 320 px phone instead of widening the card.
            className="h-auto min-h-11 py-2 whitespace-normal sm:justify-self-start"
          >
            <Send aria-hidden="true" />
            {change.isPending ? t.changeSending : t.changeButton}
          </Button>
        </form>
      )}
    </section>
  );
}
