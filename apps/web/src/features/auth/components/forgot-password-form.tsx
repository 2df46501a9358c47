import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { toast } from "@/components/ui/use-toast";
import { isOffline } from "@/lib/network";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { passwordResetTexts } from "../password-reset-texts";
import { type ForgotPasswordFormValues, forgotPasswordFormSchema } from "../reset-password-validation";

/**
 * Asks for the reset mail. The answer is the same neutral confirmation whether or not an account
 * exists, so nobody can probe addresses here.
 */
export function ForgotPasswordForm({ loginPath, exampleEmail }: { loginPath: string; exampleEmail: string }) {
  const id = useId();
  const t = passwordResetTexts;
  const { requestReset } = useRequestPasswordReset();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = async ({ email }: ForgotPasswordFormValues) => {
    if (isOffline()) {
      toast({ variant: "destructive", title: t.offlineTitle, description: t.offlineDescription });
      return;
    }
    try {
      const answer = await requestReset(email);
      setConfirmation(answer.message);
    } catch {
      // the toast comes from the mutation cache
    }
  };

  if (confirmation) {
    return (
      <div role="status" className="grid gap-4" data-testid="reset-requested">
        <div className="flex items-start gap-3 rounded-xl border border-border bg-secondary p-4 text-secondary-foreground">
          <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{t.forgotSentTitle}</p>
            <p className="text-sm">{confirmation}</p>
            <p className="text-sm">{t.forgotSentHint}</p>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link to={loginPath}>{t.backToLogin}</Link>
        </Button>
      </div>
    );
  }

  const emailId = `${id}-email`;
  const error = errors.email?.message;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <Field
        label={t.emailLabel}
        error={error}
        inputProps={{
          id: emailId,
          type: "email",
          autoComplete: "username",
          inputMode: "email",
          placeholder: exampleEmail,
          readOnly: isSubmitting,
          ...register("email"),
        }}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t.forgotBusy : t.forgotSubmit}
      </Button>
      <Button asChild variant="link" className="justify-self-center">
        <Link to={loginPath}>{t.backToLogin}</Link>
      </Button>
    </form>
  );
}
