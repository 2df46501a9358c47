import { zodResolver } from "@hookform/resolvers/zod";
import { type ReplyRequest, replyRequest } from "@mieter-portal/contracts";
import { SendHorizontal } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { useNetworkState } from "@/lib/network";
import { useReplyToMessage } from "../api/reply-to-message";
import { messageTexts } from "../texts";

/** Answer in the conversation: POST messages/{id}/replies, then the thread refreshes. */
export function ReplyForm({ threadId, onSent }: { threadId: string; onSent?: () => void }) {
  const t = messageTexts.replyForm;
  const id = useId();
  const network = useNetworkState();
  const reply = useReplyToMessage();
  const form = useForm<z.input<typeof replyRequest>, unknown, ReplyRequest>({
    resolver: zodResolver(replyRequest),
    defaultValues: { content: "" },
  });
  const error = form.formState.errors.content?.message;

  const onSubmit = form.handleSubmit((values) => {
    reply.mutate(
      { threadId, reply: values },
      {
        onSuccess: () => {
          form.reset({ content: "" });
          onSent?.();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-busy={reply.isPending || undefined}>
      <Field id={id} label={t.label} error={error} className="gap-2">
        {(control) => <Textarea {...control} rows={3} placeholder={t.placeholder} {...form.register("content")} />}
      </Field>
      {network.offline ? <p className="text-sm text-muted-foreground">{messageTexts.offlineHint}</p> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.isPending}>
          <SendHorizontal aria-hidden="true" />
          {reply.isPending ? t.sending : t.submit}
        </Button>
      </div>
    </form>
  );
}
