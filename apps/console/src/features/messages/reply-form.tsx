import { staffReplyRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { Send } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { FormError, TextAreaField } from "@/components/form-controls";
import { cannedReplyText, type ReplyContext } from "@/lib/canned-reply-fill";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { tenantToldText, useReply } from "./api";
import { CannedReplyPicker } from "./canned-reply-picker";

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
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const areaRef = useRef<HTMLTextAreaElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffReplyRequest, { content });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      const sent = await reply.mutateAsync(checked.data);
      setContent("");
      toast({ title: "Antwort gesendet", description: tenantToldText(sent.tenant_emailed, "Antwort") });
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
    // The send button was disabled while sending and so lost the focus (to the page's body):
    // back to the reply field, for the next answer or to correct this one.
    areaRef.current?.focus();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <FormError message={errors._form} />
      <TextAreaField
        ref={areaRef}
        label="Antwort"
        hint={`Wird gesendet als ${signature}.`}
        rows={6}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={errors.content}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reply.isPending}>
          <Send aria-hidden="true" />
          {reply.isPending ? "Wird gesendet…" : "Antwort senden"}
        </Button>
        <CannedReplyPicker
          onPick={(body) => {
            const text = cannedReplyText(body, context, content);
            const next = insertAtCaret(content, text, areaRef.current?.selectionStart ?? null);
            setContent(next.text);
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
