import { roleRequiresTotp, type StaffProfile, totpConfirm, totpSetupRequest } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError } from "@/components/form-controls";
import { TotpCodeField } from "@/components/totp-code-field";
import { TotpEnrollment } from "@/components/totp-enrollment";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useTotpSetup, useTotpSwitch } from "./api";

/**
 * Second factor: set up with the current password, a QR code and a first code; switched off with the
 * password and a current code (decision 031: a session alone changes nothing here).
 */
export function TotpSettings({ me }: { me: StaffProfile }) {
  const setup = useTotpSetup();
  const enable = useTotpSwitch("enable");
  const disable = useTotpSwitch("disable");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const mandatory = roleRequiresTotp(me.role);

  /** The field the answer's message belongs to; a message without one shows above the form. */
  function showApiErrors(error: unknown) {
    const found = errorsFromApi(error);
    if (found.code || found.currentPassword) delete found._form;
    setErrors(found);
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    const checked = validate(totpSetupRequest, { currentPassword: password });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      // The password stays in this form for the confirmation (enable asks for it again).
      await setup.mutateAsync(checked.data.currentPassword);
    } catch (error) {
      showApiErrors(error);
    }
  }

  async function submit(event: FormEvent, action: typeof enable) {
    event.preventDefault();
    const checked = validate(totpConfirm, { code, currentPassword: password });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await action.mutateAsync(checked.data);
      setCode("");
      setPassword("");
      setup.reset();
      toast({ title: action === enable ? "Zweiter Faktor eingeschaltet" : "Zweiter Faktor ausgeschaltet" });
    } catch (error) {
      showApiErrors(error);
    }
  }

  const passwordField = (id: string) => (
    <PasswordField
      id={id}
      label="Aktuelles Passwort"
      error={errors.currentPassword}
      inputProps={{ autoComplete: "current-password", value: password, onChange: (e) => setPassword(e.target.value) }}
    />
  );
  const codeField = (
    <TotpCodeField value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))} error={errors.code} />
  );

  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Status:{" "}
        {me.totp_enabled ? <Badge tone="success">Eingeschaltet</Badge> : <Badge tone="warning">Ausgeschaltet</Badge>}
        {mandatory ? <span className="text-muted-foreground">Für Administratoren Pflicht.</span> : null}
      </p>
      {/* While confirming the set-up, the password typed to start it is not on screen: its error shows here. */}
      <FormError message={errors._form ?? (setup.data ? errors.currentPassword : null) ?? null} />
      {me.totp_enabled ? (
        mandatory ? (
          <p className="text-sm text-muted-foreground">Administratoren können den zweiten Faktor nicht ausschalten.</p>
        ) : (
          <form noValidate onSubmit={(e) => submit(e, disable)} className="grid max-w-md gap-3">
            <p className="text-sm">
              Zum Ausschalten geben Sie Ihr aktuelles Passwort und einen aktuellen Code aus Ihrer Authenticator-App ein.
            </p>
            {passwordField("totp-disable-password")}
            {codeField}
            <Button type="submit" variant="outline" className="w-fit" disabled={disable.isPending}>
              Zweiten Faktor ausschalten
            </Button>
          </form>
        )
      ) : setup.data ? (
        <form noValidate onSubmit={(e) => submit(e, enable)} className="grid gap-3">
          <TotpEnrollment setup={setup.data} />
          {codeField}
          <Button type="submit" className="w-fit" disabled={enable.isPending}>
            Zweiten Faktor einschalten
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={start} className="grid max-w-md gap-3">
          <p className="text-sm">
            Schützen Sie Ihr Konto zusätzlich mit einem Code aus einer Authenticator-App (TOTP). Zum Einrichten geben
            Sie Ihr aktuelles Passwort ein.
          </p>
          {passwordField("totp-setup-password")}
          <Button type="submit" className="w-fit" disabled={setup.isPending}>
            Zweiten Faktor einrichten
          </Button>
        </form>
      )}
    </div>
  );
}
