import { LIMITS } from "@mieter-portal/contracts";
import { staffPasswordChange } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useChangePassword } from "./api";

export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffPasswordChange, { currentPassword: current, newPassword: next });
    const found: FieldErrors = { ...(checked.errors ?? {}) };
    if (next !== repeat) found.repeat = "Die Passwörter stimmen nicht überein.";
    if (Object.keys(found).length > 0 || !checked.data) return setErrors(found);
    setErrors({});
    try {
      await change.mutateAsync(checked.data);
      setCurrent("");
      setNext("");
      setRepeat("");
      toast({ title: "Passwort geändert", description: "Andere Sitzungen wurden abgemeldet." });
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4">
      <FormError message={errors._form} />
      <PasswordField
        id="password-current"
        label="Aktuelles Passwort"
        error={errors.currentPassword}
        inputProps={{ autoComplete: "current-password", value: current, onChange: (e) => setCurrent(e.target.value) }}
      />
      <PasswordField
        id="password-new"
        label="Neues Passwort"
        hint={`Mindestens ${LIMITS.staffPasswordMin} Zeichen.`}
        error={errors.newPassword}
        inputProps={{ autoComplete: "new-password", value: next, onChange: (e) => setNext(e.target.value) }}
      />
      <PasswordField
        id="password-repeat"
        label="Neues Passwort wiederholen"
        error={errors.repeat}
        inputProps={{ autoComplete: "new-password", value: repeat, onChange: (e) => setRepeat(e.target.value) }}
      />
      <Button type="submit" className="w-fit" disabled={change.isPending}>
        {change.isPending ? "Wird gespeichert…" : "Passwort ändern"}
      </Button>
    </form>
  );
}
