import { staffLoginResponse } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { type FormEvent, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { ApiError, api, errorMessage } from "@/lib/api";
import { useOffline } from "@/lib/network";
import { signIn, takeExpired, useSession } from "@/lib/session";

export const LOGIN_TEXTS = {
  invalid: "E-Mail-Adresse oder Passwort ist falsch.",
  totpHint: "Ihr Konto hat einen zweiten Faktor: Bitte den 6-stelligen Code aus Ihrer Authenticator-App eingeben.",
  enrol:
    "Für dieses Konto muss zuerst ein zweiter Faktor eingerichtet werden. Bitte melden Sie sich dazu einmal in der Verwaltung an (/verwaltung).",
  offline: "Zum Anmelden braucht das Gerät eine Verbindung. Eingaben, die schon warten, bleiben gespeichert.",
  expired: "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an; wartende Eingaben werden danach gesendet.",
};

/** Anmelden: e-mail and password, then the code when the account has a second factor. */
export function LoginScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const offline = useOffline();
  const [expired] = useState(takeExpired);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [step, setStep] = useState<"credentials" | "totp">("credentials");
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  if (session) return <Navigate to="/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    setFields({});
    try {
      const body = { email, password, ...(step === "totp" ? { totp } : {}) };
      const answer = await api("POST", "/staff/auth/login", staffLoginResponse, body, { anonymous: true });
      signIn(answer.token, answer.staff);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== "/anmelden" ? from : "/", { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === "totp_required") setStep("totp");
      else if (error instanceof ApiError && error.code === "totp_invalid")
        setFields({ totp: error.message || "Der Code ist falsch oder abgelaufen." });
      else if (error instanceof ApiError && error.code === "totp_enrolment_required") setFormError(LOGIN_TEXTS.enrol);
      else if (error instanceof ApiError && error.code === "invalid_credentials") {
        setStep("credentials");
        setFormError(error.message || LOGIN_TEXTS.invalid);
      } else if (error instanceof ApiError) {
        setFormError(error.message);
        setFields(error.fields);
      } else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto grid min-h-dvh max-w-md content-start gap-4 p-4 pt-10">
      <h1 className="text-2xl font-semibold">Einsätze – Anmelden</h1>
      <p className="text-muted-foreground">
        Für Hausmeister und Dienstleister: Ihre Einsätze von heute und dieser Woche.
      </p>
      {expired ? (
        <p role="alert" className="rounded-lg bg-warning-soft p-3 text-warning-soft-foreground">
          {LOGIN_TEXTS.expired}
        </p>
      ) : null}
      {offline ? (
        <p role="status" className="rounded-lg bg-muted p-3">
          {LOGIN_TEXTS.offline}
        </p>
      ) : null}
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field
          label="E-Mail-Adresse"
          error={fields.email}
          inputProps={{
            type: "email",
            autoComplete: "username",
            value: email,
            onChange: (e) => setEmail(e.target.value),
            required: true,
            className: "h-12 text-base",
            readOnly: step === "totp",
          }}
        />
        <Field
          label="Passwort"
          error={fields.password}
          inputProps={{
            type: "password",
            autoComplete: "current-password",
            value: password,
            onChange: (e) => setPassword(e.target.value),
            required: true,
            className: "h-12 text-base",
            readOnly: step === "totp",
          }}
        />
        {step === "totp" ? (
          <Field
            label="Code aus der Authenticator-App"
            hint={LOGIN_TEXTS.totpHint}
            error={fields.totp}
            inputProps={{
              inputMode: "numeric",
              autoComplete: "one-time-code",
              pattern: "[0-9]*",
              maxLength: 6,
              value: totp,
              onChange: (e) => setTotp(e.target.value),
              autoFocus: true,
              className: "h-12 text-base tracking-widest",
            }}
          />
        ) : null}
        {formError ? (
          <p role="alert" className="text-destructive-text">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy || offline}>
          {busy ? "Anmelden …" : "Anmelden"}
        </Button>
      </form>
    </main>
  );
}
