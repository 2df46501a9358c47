import { zodResolver } from "@hookform/resolvers/zod";
import { STAFF_ROLE_LABELS, type StaffInvitationInfo, totpCode } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { NewPasswordFields, newPasswordShape, withPasswordRepeat } from "@/components/new-password-fields";
import { TotpCodeField } from "@/components/totp-code-field";
import { TotpEnrollment } from "@/components/totp-enrollment";
import { signIn } from "@/lib/session";
import { acceptInvitation, meQueryOptions } from "../api";

const TOTP_MISSING = "Bitte geben Sie den Code aus Ihrer Authenticator-App ein.";

/** The new password twice; the code as well when the invitation asks for a second factor. */
export function invitationSchema(withTotp: boolean) {
  return withPasswordRepeat(
    z.object({
      ...newPasswordShape,
      totp: withTotp
        ? z.string().min(1, { error: TOTP_MISSING }).pipe(totpCode)
        : z.string().transform(() => undefined),
    }),
  );
}
type InvitationValues = z.input<ReturnType<typeof invitationSchema>>;
type InvitationData = z.output<ReturnType<typeof invitationSchema>>;

export function InvitationForm({
  token,
  info,
  onAccepted,
}: {
  token: string;
  info: StaffInvitationInfo;
  onAccepted: () => void;
}) {
  const queryClient = useQueryClient();
  const withTotp = info.totp_required && info.totp !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationValues, unknown, InvitationData>({
    resolver: zodResolver(invitationSchema(withTotp)),
    defaultValues: { newPassword: "", repeat: "", totp: "" },
  });

  async function onSubmit(values: InvitationData) {
    try {
      const result = await acceptInvitation({
        token,
        newPassword: values.newPassword,
        ...(values.totp ? { totp: values.totp } : {}),
      });
      signIn(result.token);
      queryClient.setQueryData(meQueryOptions().queryKey, result.staff);
      onAccepted();
    } catch (error) {
      showApiErrors(error, setError, ["newPassword", "totp"], { quietWhenField: true });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="text-sm">
        Willkommen, <strong>{info.name}</strong> ({info.email}). Sie wurden als{" "}
        <strong>{STAFF_ROLE_LABELS[info.role]}</strong> eingeladen. Legen Sie Ihr Passwort fest.
      </p>
      <FormError message={errors.root?.message} />
      <NewPasswordFields
        id="invitation"
        errors={{ newPassword: errors.newPassword?.message, repeat: errors.repeat?.message }}
        inputs={{ newPassword: register("newPassword"), repeat: register("repeat") }}
      />
      {withTotp && info.totp ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Zweiter Faktor (für Administratoren Pflicht)</legend>
          <TotpEnrollment setup={info.totp} />
          <TotpCodeField error={errors.totp?.message} {...register("totp")} />
        </fieldset>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Wird gespeichert…" : "Passwort festlegen und anmelden"}
      </Button>
    </form>
  );
}
