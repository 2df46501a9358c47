import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { NewPasswordFields } from "@/components/password/new-password-fields";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { ApiRequestError } from "@/lib/api/errors";
import {
  emptyPasswordChangeForm,
  type PasswordChangeFormValues,
  passwordChangeFormSchema,
} from "../password-change-validation";
import { settingsTexts } from "../texts";

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * 'Passwort ändern': current, new and repeated password. `onChangePassword` sends the change and
 * keeps the session (the caller owns the auth layer); a rejected promise with the API's field
 * errors (e.g. a wrong current password) is shown on the fields.
 */
export function ChangePasswordForm({
  onChangePassword,
}: {
  onChangePassword: (input: PasswordChangeInput) => Promise<"changed" | "not-sent">;
}) {
  const id = useId();
  const t = settingsTexts;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeFormValues>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: emptyPasswordChangeForm,
  });

  const onSubmit = async (values: PasswordChangeFormValues) => {
    try {
      const outcome = await onChangePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      if (outcome === "changed") reset(emptyPasswordChangeForm);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fields : null;
      if (fields?.currentPassword)
        setError("currentPassword", { message: fields.currentPassword }, { shouldFocus: true });
      if (fields?.newPassword) setError("newPassword", { message: fields.newPassword }, { shouldFocus: true });
    }
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          {t.passwordTitle}
        </CardTitle>
      </CardHeader>
      <p className="mb-4 text-sm text-muted-foreground">{t.passwordIntro}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid max-w-md gap-4">
        <Field
          id={`${id}-current`}
          label={t.currentPassword}
          error={errors.currentPassword?.message}
          inputProps={{
            type: "password",
            autoComplete: "current-password",
            readOnly: isSubmitting,
            ...register("currentPassword"),
          }}
        />
        <NewPasswordFields
          id={id}
          labels={{ newPassword: t.newPassword, repeatPassword: t.repeatPassword }}
          errors={{ newPassword: errors.newPassword?.message, repeatPassword: errors.repeatPassword?.message }}
          readOnly={isSubmitting}
          inputs={{ newPassword: register("newPassword"), repeatPassword: register("repeatPassword") }}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="sm:justify-self-start">
          {isSubmitting ? t.passwordBusy : t.passwordSubmit}
        </Button>
      </form>
    </Card>
  );
}
