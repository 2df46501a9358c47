import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { contactConversation, type StartConversationChange, useSendContactMessage } from "../api/send-contact-message";
import {
  type ContactFormInput,
  type ContactFormValues,
  contactFormSchema,
  emptyContactForm,
} from "../contact-validation";
import { contactTexts } from "../texts";

/** Spec: 6 rows for the message. */
const MESSAGE_ROWS = 6;

/** `startConversation`: the messages feature's change, handed in by the app (a feature never imports another). */
export function ContactForm({ startConversation }: { startConversation: StartConversationChange }) {
  const id = useId();
  const t = contactTexts;
  const send = useSendContactMessage(startConversation);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyContactForm,
  });
  const busy = isSubmitting;

  const onValid = async (values: ContactFormValues) => {
    try {
      // Offline the central path queues the message and answers at once; the caches show the notice.
      await send.mutateAsync(contactConversation(values));
    } catch {
      return; // the toast comes from the mutation cache; the text stays for another try
    }
    reset(emptyContactForm);
  };

  const onInvalid = () => {
    toast({ variant: "destructive", title: t.missingTitle, description: t.missingDescription });
  };

  const subjectId = `${id}-subject`;
  const messageId = `${id}-message`;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t.formTitle}</CardTitle>
      </CardHeader>
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-4">
        <Field
          label={t.subject}
          error={errors.subject?.message}
          inputProps={{
            id: subjectId,
            type: "text",
            placeholder: t.subjectPlaceholder,
            required: true,
            readOnly: busy,
            ...register("subject"),
          }}
        />
        <Field id={messageId} label={t.message} error={errors.message?.message}>
          {(control) => (
            <Textarea
              {...control}
              rows={MESSAGE_ROWS}
              placeholder={t.messagePlaceholder}
              required
              readOnly={busy}
              {...register("message")}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} aria-busy={busy} className="sm:justify-self-start">
          <Send aria-hidden="true" />
          {busy ? t.sending : t.send}
        </Button>
      </form>
    </Card>
  );
}
