import { zodResolver } from "@hookform/resolvers/zod";
import {
  roleRequiresTotp,
  type StaffProfile,
  type TotpConfirm,
  totpConfirm,
  totpSetupRequest,
} from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { TotpCodeField } from "@/components/totp-code-field";
import { TotpEnrollment } from "@/components/totp-enrollment";
import { useTotpSetup, useTotpSwitch } from "../api";

interface TotpValues {
  currentPassword: string;
  code: string;
}

/** Setting up: the contracts' password rule; the code field is not on screen and not sent. */
const setupSchema: z.ZodType<Partial<TotpConfirm>, TotpValues> = totpSetupRequest.extend({
  code: z.string().transform(() => undefined),
});
/** Enabling and disabling: the contracts' code and password. */
const confirmSchema: z.ZodType<Partial<TotpConfirm>, TotpValues> = totpConfirm;

/**
 * Second factor: set up with the current password, a QR code and a first code; switched off with the
 * password and a current code (decision 031: a session alone changes nothing here).
 */
export function TotpSettings({ me }: { me: StaffProfile }) {
  const setup = useTotpSetup();
  const enable = useTotpSwitch("enable");
  const disable = useTotpSwitch("disable");
  const mandatory = roleRequiresTotp(me.role);
  // Setting up asks for the password alone; enabling and disabling for the password and a code.
  const confirming = me.totp_enabled || setup.data !== undefined;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TotpValues, unknown, Partial<TotpConfirm>>({
    resolver: zodResolver(confirming ? confirmSchema : setupSchema),
    defaultValues: { currentPassword: "", code: "" },
  });

  /** The field the answer's message belongs to; a message without one shows above the form. */
  const showErrors = (error: unknown) =>
    showApiErrors(error, setError, ["code", "currentPassword"], { quietWhenField: true });

  async function start(values: Partial<TotpConfirm>) {
    try {
      // The password stays in this form for the confirmation (enable asks for it again).
      await setup.mutateAsync(values.currentPassword ?? "");
    } catch (error) {
      showErrors(error);
    }
  }

  const submit = (action: typeof enable) => async (values: Partial<TotpConfirm>) => {
    try {
      await action.mutateAsync({ code: values.code ?? "", currentPassword: values.currentPassword ?? "" });
      reset();
      setup.reset();
      toast({ title: action === enable ? "Zweiter Faktor eingeschaltet" : "Zweiter Faktor ausgeschaltet" });
    } catch (error) {
      showErrors(error);
    }
  };

  const passwordField = (id: string) => (
    <PasswordField
      id={id}
      label="Aktuelles Passwort"
      error={errors.currentPassword?.message}
      inputProps={{ autoComplete: "current-password", ...register("currentPassword") }}
    />
  );
  const codeField = <TotpCodeField error={errors.code?.message} {...register("code")} />;

  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Status:{" "}
        {me.totp_enabled ? <Badge tone="success">Eingeschaltet</Badge> : <Badge tone="warning">Ausgeschaltet</Badge>}
        {mandatory ? <span className="text-muted-foreground">Für Administratoren Pflicht.</span> : null}
      </p>
      {/* While confirming the set-up, the password typed to start it is not on screen: its error shows here. */}
      <FormError message={errors.root?.message ?? (setup.data ? errors.currentPassword?.message : null)} />
      {me.totp_enabled ? (
        mandatory ? (
          <p className="text-sm text-muted-foreground">Administratoren können den zweiten Faktor nicht ausschalten.</p>
        ) : (
          <form noValidate onSubmit={handleSubmit(submit(disable))} className="grid max-w-md gap-3">
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
        <form noValidate onSubmit={handleSubmit(submit(enable))} className="grid gap-3">
          <TotpEnrollment setup={setup.data} />
          {codeField}
          <Button type="submit" className="w-fit" disabled={enable.isPending}>
            Zweiten Faktor einschalten
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={handleSubmit(start)} className="grid max-w-md gap-3">
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
