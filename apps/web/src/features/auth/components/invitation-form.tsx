import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { NewPasswordFields } from "@/components/password/new-password-fields";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { toast } from "@/components/ui/use-toast";
import { ApiRequestError } from "@/lib/api/errors";
import { isOffline } from "@/lib/network";
import { acceptInvitation, type InvitationCredential } from "../api/invitation";
import type { LoginResult } from "../api/login";
import { invitationTexts } from "../invitation-texts";
import { type InvitationFormValues, invitationFormSchema } from "../invitation-validation";

/**
 * The first password (and, for a printed invitation, the address to sign in with). A link that no
 * longer works shows the server's German message; success hands the new session to `onDone`.
 */
export function InvitationForm({
  credential,
  email,
  onDone,
}: {
  credential: InvitationCredential;
  /** null: the management has no address; the tenant gives one. */
  email: string | null;
  onDone: (session: LoginResult) => Promise<void> | void;
}) {
  const id = useId();
  const t = invitationTexts;
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationFormValues>({
    resolver: zodResolver(invitationFormSchema(email === null)),
    defaultValues: { email: "", newPassword: "", repeatPassword: "" },
  });

  const onSubmit = async (values: InvitationFormValues) => {
    if (isOffline()) {
      toast({ variant: "destructive", title: t.offlineTitle, description: t.offlineDescription });
      return;
    }
    setLinkError(null);
    try {
      const session = await acceptInvitation({
        ...credential,
        newPassword: values.newPassword,
        ...(email === null ? { email: values.email.trim() } : {}),
      });
      await onDone(session);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        setLinkError(t.loadError);
        return;
      }
      if (error.fields?.email) setError("email", { message: error.fields.email }, { shouldFocus: true });
      else if (error.fields?.newPassword) {
        setError("newPassword", { message: error.fields.newPassword }, { shouldFocus: true });
      } else setLinkError(error.apiMessage ?? error.message);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {linkError ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
        >
          <p>{linkError}</p>
          <Link to="/login" className="font-medium underline underline-offset-4">
            {t.toLogin}
          </Link>
        </div>
      ) : null}
      {email === null ? (
        <Field
          id={`${id}-email`}
          label={t.emailLabel}
          hint={t.emailHint}
          error={errors.email?.message}
          inputProps={{
            type: "email",
            autoComplete: "username",
            inputMode: "email",
            readOnly: isSubmitting,
            ...register("email"),
          }}
        />
      ) : (
        <p className="text-sm">{t.emailKnown(email)}</p>
      )}
      <NewPasswordFields
        id={id}
        labels={{ newPassword: t.password, repeatPassword: t.repeatPassword }}
        errors={{ newPassword: errors.newPassword?.message, repeatPassword: errors.repeatPassword?.message }}
        readOnly={isSubmitting}
        inputs={{ newPassword: register("newPassword"), repeatPassword: register("repeatPassword") }}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t.busy : t.submit}
      </Button>
    </form>
  );
}
