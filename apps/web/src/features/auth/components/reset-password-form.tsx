import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { NewPasswordFields } from "@/components/password/new-password-fields";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiRequestError } from "@/lib/api/errors";
import { isOffline } from "@/lib/network";
import { useConfirmPasswordReset } from "../api/confirm-password-reset";
import { passwordResetTexts } from "../password-reset-texts";
import { type ResetPasswordFormValues, resetPasswordFormSchema } from "../reset-password-validation";

/**
 * Sets a new password with the token of the mail link. An invalid or expired link shows the
 * server's German message and a way to request a new one; success hands over to `onDone`.
 */
export function ResetPasswordForm({
  token,
  forgotPath,
  onDone,
}: {
  token: string;
  forgotPath: string;
  onDone: (message: string) => Promise<void> | void;
}) {
  const id = useId();
  const t = passwordResetTexts;
  const { confirmReset } = useConfirmPasswordReset();
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: "", repeatPassword: "" },
  });

  const onSubmit = async (values: ResetPasswordFormValues) => {
    if (isOffline()) {
      toast({ variant: "destructive", title: t.offlineTitle, description: t.offlineDescription });
      return;
    }
    setLinkError(null);
    try {
      const answer = await confirmReset(token, values.newPassword);
      await onDone(answer.message);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return;
      if (error.fields?.newPassword) {
        setError("newPassword", { message: error.fields.newPassword }, { shouldFocus: true });
      } else if (error.status === 400) {
        // reset_token_invalid or a malformed token: the link cannot be used again
        setLinkError(error.apiMessage ?? error.message);
      }
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {linkError ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
          data-testid="reset-link-error"
        >
          <p>{linkError}</p>
          <Link to={forgotPath} className="font-medium underline underline-offset-4">
            {t.requestNewLink}
          </Link>
        </div>
      ) : null}
      <NewPasswordFields
        id={id}
        labels={{ newPassword: t.newPassword, repeatPassword: t.repeatPassword }}
        errors={{ newPassword: errors.newPassword?.message, repeatPassword: errors.repeatPassword?.message }}
        readOnly={isSubmitting}
        inputs={{ newPassword: register("newPassword"), repeatPassword: register("repeatPassword") }}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t.resetBusy : t.resetSubmit}
      </Button>
    </form>
  );
}
