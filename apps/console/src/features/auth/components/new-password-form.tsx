import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@mieter-portal/ui/button";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { NewPasswordFields, newPasswordShape, withPasswordRepeat } from "@/components/new-password-fields";
import { confirmPasswordReset, type ResetLinkProblem, resetLinkProblem } from "../password-reset";

const newPasswordSchema = withPasswordRepeat(z.object(newPasswordShape));
type NewPasswordValues = z.infer<typeof newPasswordSchema>;

/** The new password of a reset link (decision 033): it signs nobody in. */
export function NewPasswordForm({
  token,
  email,
  name,
  onDone,
  onLinkProblem,
}: {
  token: string;
  email: string;
  name: string;
  onDone: (message: string) => void;
  onLinkProblem: (problem: ResetLinkProblem) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: "", repeat: "" },
  });

  async function onSubmit(values: NewPasswordValues) {
    try {
      onDone((await confirmPasswordReset({ token, newPassword: values.newPassword })).message);
    } catch (error) {
      const problem = resetLinkProblem(error);
      if (problem) {
        onLinkProblem(problem);
        return;
      }
      showApiErrors(error, setError, ["newPassword"], { quietWhenField: true });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="text-sm">
        Neues Passwort für <strong>{name}</strong> ({email}). Danach melden Sie sich damit an, mit dem Code aus Ihrer
        Authenticator-App, falls Sie die Zwei-Faktor-Anmeldung eingerichtet haben.
      </p>
      <FormError message={errors.root?.message} />
      <NewPasswordFields
        id="reset"
        errors={{ newPassword: errors.newPassword?.message, repeat: errors.repeat?.message }}
        inputs={{ newPassword: register("newPassword"), repeat: register("repeat") }}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Wird gespeichert…" : "Passwort speichern"}
      </Button>
    </form>
  );
}
