import { zodResolver } from "@hookform/resolvers/zod";
import { type NewConversationRequest, newConversationRequest } from "@mieter-portal/contracts";
import { MessageSquarePlus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useNetworkState } from "@/lib/network";
import { isOfflineResult } from "@/lib/offline/types";
import { useStartConversation } from "../api/start-conversation";
import { messageTexts } from "../texts";

type FormInput = z.input<typeof newConversationRequest>;

function NewConversationForm({ onCreated }: { onCreated: (threadId: string | null) => void }) {
  const t = messageTexts.newConversation;
  const id = useId();
  const network = useNetworkState();
  const start = useStartConversation();
  const form = useForm<FormInput, unknown, NewConversationRequest>({
    resolver: zodResolver(newConversationRequest),
    defaultValues: { subject: "", content: "" },
  });
  const { errors } = form.formState;
  const subjectId = `${id}-subject`;
  const contentId = `${id}-content`;

  const onSubmit = form.handleSubmit((values) => {
    start.mutate(values, {
      onSuccess: (data) => {
        form.reset();
        onCreated(isOfflineResult(data) ? null : data.id);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        label={t.subject}
        error={errors.subject?.message}
        inputProps={{ id: subjectId, autoComplete: "off", ...form.register("subject") }}
      />
      <Field id={contentId} label={t.content} error={errors.content?.message}>
        {(control) => <Textarea {...control} rows={5} {...form.register("content")} />}
      </Field>
      {network.offline ? <p className="text-sm text-muted-foreground">{messageTexts.offlineHint}</p> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? t.sending : t.submit}
        </Button>
      </div>
    </form>
  );
}

/**
 * The floating round chat button of the messages screen: starts a conversation with the management
 * and opens it. On narrow screens it sits in the shell's strip left of the offline controls (never
 * over the list), wider above them at the bottom right.
 */
export function NewConversationButton({ onCreated }: { onCreated: (threadId: string | null) => void }) {
  const t = messageTexts.newConversation;
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DialogTrigger asChild>
            <button
              type="button"
              aria-label={t.button}
              data-testid="new-conversation-button"
              className="fixed right-[calc(1rem+3rem+0.5rem+2.25rem+1rem)] bottom-[calc(56px+0.25rem)] z-30 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring min-[56rem]:right-4 min-[56rem]:bottom-[calc(56px+1rem+92px+0.75rem)] min-[56rem]:size-14"
            >
              <MessageSquarePlus className="size-6" aria-hidden="true" />
            </button>
          </DialogTrigger>
        </TooltipTrigger>
        <TooltipContent side="left">{t.button}</TooltipContent>
      </Tooltip>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <NewConversationForm
          onCreated={(threadId) => {
            setOpen(false);
            onCreated(threadId);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
