import { staffLoginRequest, type TotpSetup } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormError, TextField } from "@/components/form-controls";
import { TotpCodeField } from "@/components/totp-code-field";
import { TotpEnrollment } from "@/components/totp-enrollment";
import { validate } from "@/lib/form";
import { signIn } from "@/lib/session";
import { login, loginTotpSetup, meQueryOptions } from "./api";
import { LOGIN_TEXTS, type LoginStep, loginFailure } from "./login-flow";

/**
 * E-mail and password; when the account has a second factor, a second step asks for the code. An
 * Administrator without one sets it up in that step (QR code, first code) before the session starts.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<LoginStep>("credentials");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpSetup | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const codeStep = step === "totp" || step === "enrol";

  useEffect(() => {
    if (codeStep) codeRef.current?.focus();
  }, [codeStep]);

  function restart() {
    setStep("credentials");
    setTotp("");
    setEnrolment(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const values = codeStep ? { email, password, totp } : { email, password };
    const checked = validate(staffLoginRequest, values);
    if (checked.errors) {
      setErrors(checked.errors);
      setFormError(null);
      return;
    }
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      const result = await login(checked.data);
      signIn(result.token);
      queryClient.setQueryData(meQueryOptions().queryKey, result.staff);
      onSignedIn();
    } catch (error) {
      const failure = loginFailure(error, step);
      setStep(failure.step);
      setErrors(failure.fieldErrors);
      setFormError(failure.formError);
      if (failure.step === "credentials") restart();
      if (failure.step === "enrol" && !enrolment) await startEnrolment(checked.data);
    } finally {
      setPending(false);
    }
  }

  /** The secret to scan; the same one again on a second try (the server keeps the pending one). */
  async function startEnrolment(credentials: { email: string; password: string }) {
    try {
      setEnrolment(await loginTotpSetup({ email: credentials.email, password: credentials.password }));
    } catch (error) {
      restart();
      setFormError(loginFailure(error, "credentials").formError);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-describedby={codeStep ? "totp-intro" : undefined}>
      <FormError message={formError} />
      {step === "credentials" ? (
        <>
          <TextField
            label="E-Mail-Adresse"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            required
          />
          <PasswordField
            id="login-password"
            label="Passwort"
            error={errors.password}
            inputProps={{
              autoComplete: "current-password",
              value: password,
              onChange: (e) => setPassword(e.target.value),
              required: true,
            }}
          />
        </>
      ) : (
        <>
          <p id="totp-intro" className="text-sm text-muted-foreground">
            {step === "enrol" ? LOGIN_TEXTS.enrolRequired : LOGIN_TEXTS.totpRequired}
          </p>
          {step === "enrol" && enrolment ? <TotpEnrollment setup={enrolment} /> : null}
          <TotpCodeField
            ref={codeRef}
            value={totp}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, "").slice(0, 6))}
            error={errors.totp}
            required
          />
        </>
      )}
      <Button type="submit" disabled={pending}>
        {pending
          ? "Wird angemeldet…"
          : step === "enrol"
            ? "Einrichten und anmelden"
            : step === "totp"
              ? "Bestätigen"
              : "Anmelden"}
      </Button>
      {codeStep ? (
        <Button
          variant="ghost"
          onClick={() => {
            restart();
            setErrors({});
          }}
        >
          Zurück
        </Button>
      ) : null}
    </form>
  );
}
