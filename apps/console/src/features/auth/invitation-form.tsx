import { LIMITS } from "@mieter-portal/contracts";
import { STAFF_ROLE_LABELS, type StaffInvitationInfo, staffInvitationAccept } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormError } from "@/components/form-controls";
import { TotpCodeField } from "@/components/totp-code-field";
import { TotpEnrollment } from "@/components/totp-enrollment";
import { errorsFromApi, validate } from "@/lib/form";
import { signIn } from "@/lib/session";
import { acceptInvitation, meQueryOptions } from "./api";

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
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [totp, setTotp] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const withTotp = info.totp_required && info.totp !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffInvitationAccept, {
      token,
      newPassword: password,
      ...(withTotp ? { totp } : {}),
    });
    const next: Record<string, string> = { ...(checked.errors ?? {}) };
    if (password !== repeat) next.repeat = "Die Passwörter stimmen nicht überein.";
    if (withTotp && !totp) next.totp = "Bitte geben Sie den Code aus Ihrer Authenticator-App ein.";
    if (Object.keys(next).length > 0 || !checked.data) {
      setErrors(next);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const result = await acceptInvitation(checked.data);
      signIn(result.token);
      queryClient.setQueryData(meQueryOptions().queryKey, result.staff);
      onAccepted();
    } catch (error) {
      const apiErrors = errorsFromApi(error);
      if (apiErrors.newPassword || apiErrors.totp) delete apiErrors._form;
      setErrors(apiErrors);
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm">
        Willkommen, <strong>{info.name}</strong> ({info.email}). Sie wurden als{" "}
        <strong>{STAFF_ROLE_LABELS[info.role]}</strong> eingeladen. Legen Sie Ihr Passwort fest.
      </p>
      <FormError message={errors._form ?? errors.token} />
      <PasswordField
        id="invitation-password"
        label="Neues Passwort"
        hint={`Mindestens ${LIMITS.staffPasswordMin} Zeichen.`}
        error={errors.newPassword}
        inputProps={{ autoComplete: "new-password", value: password, onChange: (e) => setPassword(e.target.value) }}
      />
      <PasswordField
        id="invitation-repeat"
        label="Passwort wiederholen"
        error={errors.repeat}
        inputProps={{ autoComplete: "new-password", value: repeat, onChange: (e) => setRepeat(e.target.value) }}
      />
      {withTotp && info.totp ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Zweiter Faktor (für Administratoren Pflicht)</legend>
          <TotpEnrollment setup={info.totp} />
          <TotpCodeField
            value={totp}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, ""))}
            error={errors.totp}
          />
        </fieldset>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Wird gespeichert…" : "Passwort festlegen und anmelden"}
      </Button>
    </form>
  );
}
