import { zodResolver } from "@hookform/resolvers/zod";
import { staffReplyRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { Send } from "lucide-react";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { cannedReplyText, type ReplyContext } from "@/lib/canned-reply-fill";
import { tenantToldText, useReply } from "../api";
import { CannedReplyPicker } from "./canned-reply-picker";

type ReplyValues = z.infer<typeof staffReplyRequest>;

/** Inserts `insert` at the caret of `text` (or at the end), with a blank line where needed. */
export function insertAtCaret(text: string, insert: string, caret: number | null): { text: string; caret: number } {
  const at = caret === null || caret > text.length ? text.length : caret;
  const before = text.slice(0, at);
  const after = text.slice(at);
  const gap = before && !before.endsWith("\n") ? "\n\n" : "";
  const result = `${before}${gap}${insert}${after}`;
  return { text: result, caret: before.length + gap.length + insert.length };
}

/** The reply to one tenant: Textbausteine are filled in for `context` (its tenant and the writer). */
export function ReplyForm({
  threadId,
  signature,
  context,
}: {
  threadId: string;
  signature: string;
  context: ReplyContext;
}) {
  const reply = useReply(threadId);
  const areaRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors },
  } = useForm<ReplyValues>({
    resolver: zodResolver(staffReplyRequest),
    defaultValues: { content: "" },
  });
  const content = register("content");

  async function onSubmit(values: ReplyValues) {
    try {
      const sent = await reply.mutateAsync(values);
      reset();
      toast({ title: "Antwort gesendet", description: tenantToldText(sent.tenant_emailed, "Antwort") });
    } catch (error) {
      showApiErrors(error, setError, ["content"]);
    }
    // The send button was disabled while sending and so lost the focus (to the page's body):
    // back to the reply field, for the next answer or to correct this one.
    areaRef.current?.focus();
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-3">
      <FormError message={errors.root?.message} />
      <Field label="Antwort" hint={`Wird gesendet als ${signature}.`} error={errors.content?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            {...content}
            ref={(element) => {
              content.ref(element);
              areaRef.current = element;
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reply.isPending}>
          <Send aria-hidden="true" />
          {reply.isPending ? "Wird gesendet…" : "Antwort senden"}
        </Button>
        <CannedReplyPicker
          onPick={(body) => {
            const current = getValues("content");
            const text = cannedReplyText(body, context, current);
            const next = insertAtCaret(current, text, areaRef.current?.selectionStart ?? null);
            setValue("content", next.text, { shouldDirty: true });
            requestAnimationFrame(() => {
              areaRef.current?.focus();
              areaRef.current?.setSelectionRange(next.caret, next.caret);
            });
          }}
        />
      </div>
    </form>
  );
}
