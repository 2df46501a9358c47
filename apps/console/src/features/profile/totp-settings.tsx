import { roleRequiresTotp, type StaffProfile, totpConfirm } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError } from "@/components/form-controls";
import { TotpCodeField } from "@/components/totp-code-field";
import { TotpEnrollment } from "@/components/totp-enrollment";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useTotpSetup, useTotpSwitch } from "./api";

/** Second factor: set up with a QR code and a first code; switched off with a current code. */
export function TotpSettings({ me }: { me: StaffProfile }) {
  const setup = useTotpSetup();
  const enable = useTotpSwitch("enable");
  const disable = useTotpSwitch("disable");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const mandatory = roleRequiresTotp(me.role);

  async function submit(event: FormEvent, action: typeof enable) {
    event.preventDefault();
    const checked = validate(totpConfirm, { code });
    if (checked.errors) return setErrors({ code: checked.errors.code ?? "" });
    setErrors({});
    try {
      await action.mutateAsync(checked.data.code);
      setCode("");
      setup.reset();
      toast({ title: action === enable ? "Zweiter Faktor eingeschaltet" : "Zweiter Faktor ausgeschaltet" });
    } catch (error) {
      const found = errorsFromApi(error);
      setErrors(found.code ? found : { code: found._form ?? "" });
    }
  }

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
      {me.totp_enabled ? (
        mandatory ? (
          <p className="text-sm text-muted-foreground">Administratoren können den zweiten Faktor nicht ausschalten.</p>
        ) : (
          <form noValidate onSubmit={(e) => submit(e, disable)} className="grid gap-3">
            <p className="text-sm">Zum Ausschalten geben Sie einen aktuellen Code aus Ihrer Authenticator-App ein.</p>
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
        <div className="grid gap-3">
          <FormError message={setup.isError ? "Die Einrichtung konnte nicht gestartet werden." : null} />
          <p className="text-sm">
            Schützen Sie Ihr Konto zusätzlich mit einem Code aus einer Authenticator-App (TOTP).
          </p>
          <Button className="w-fit" disabled={setup.isPending} onClick={() => setup.mutate()}>
            Zweiten Faktor einrichten
          </Button>
        </div>
      )}
    </div>
  );
}
