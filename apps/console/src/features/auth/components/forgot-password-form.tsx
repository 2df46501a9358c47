import { zodResolver } from "@hookform/resolvers/zod";
import { type StaffPasswordResetRequest, staffPasswordResetRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { FormError, showApiErrors } from "@/components/form-error";
import { paths } from "@/config/paths";
import { requestPasswordReset } from "../password-reset";

/** The address of the account; the answer (the same for any address) goes to `onSent`. */
export function ForgotPasswordForm({ onSent }: { onSent: (message: string) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<StaffPasswordResetRequest>({
    resolver: zodResolver(staffPasswordResetRequest),
    defaultValues: { email: "" },
  });

  useEffect(() => setFocus("email"), [setFocus]);

  async function onSubmit(values: StaffPasswordResetRequest) {
    try {
      onSent((await requestPasswordReset(values)).message);
    } catch (error) {
      showApiErrors(error, setError, ["email"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="text-sm">
        Geben Sie die E-Mail-Adresse Ihres Kontos in der Verwaltung ein. Wir senden Ihnen einen Link, mit dem Sie ein
        neues Passwort festlegen.
      </p>
      <FormError message={errors.root?.message} />
      <Field
        label="E-Mail-Adresse"
        error={errors.email?.message}
        className="content-start"
        inputProps={{ type: "email", autoComplete: "username", required: true, ...register("email") }}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Wird gesendet…" : "Link senden"}
      </Button>
      <Link className="text-sm text-link underline" to={paths.login}>
        Zurück zur Anmeldung
      </Link>
    </form>
  );
}
