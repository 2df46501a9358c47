import { zodResolver } from "@hookform/resolvers/zod";
import { staffPasswordChange } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { NewPasswordFields, newPasswordShape, withPasswordRepeat } from "@/components/new-password-fields";
import { useChangePassword } from "../api";

const passwordChangeSchema = withPasswordRepeat(
  z.object({ currentPassword: staffPasswordChange.shape.currentPassword, ...newPasswordShape }),
);
type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

export function PasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "", repeat: "" },
  });

  async function onSubmit(values: PasswordChangeValues) {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset();
      toast({ title: "Passwort geändert", description: "Andere Sitzungen wurden abgemeldet." });
    } catch (error) {
      showApiErrors(error, setError, ["currentPassword", "newPassword"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid max-w-md gap-4">
      <FormError message={errors.root?.message} />
      <PasswordField
        id="password-current"
        label="Aktuelles Passwort"
        error={errors.currentPassword?.message}
        inputProps={{ autoComplete: "current-password", ...register("currentPassword") }}
      />
      <NewPasswordFields
        id="password-new"
        repeatLabel="Neues Passwort wiederholen"
        errors={{ newPassword: errors.newPassword?.message, repeat: errors.repeat?.message }}
        inputs={{ newPassword: register("newPassword"), repeat: register("repeat") }}
      />
      <Button type="submit" className="w-fit" disabled={change.isPending}>
        {change.isPending ? "Wird gespeichert…" : "Passwort ändern"}
      </Button>
    </form>
  );
}
