import { staffLoginRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormError, TextField } from "@/components/form-controls";
import { TotpCodeField } from "@/components/totp-code-field";
import { validate } from "@/lib/form";
import { signIn } from "@/lib/session";
import { login, meQueryOptions } from "./api";
import { LOGIN_TEXTS, type LoginStep, loginFailure } from "./login-flow";

/** E-mail and password; when the account has a second factor, a second step asks for the code. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<LoginStep>("credentials");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === "totp") codeRef.current?.focus();
  }, [step]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const values = step === "totp" ? { email, password, totp } : { email, password };
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
      if (failure.step === "credentials") setTotp("");
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-describedby={step === "totp" ? "totp-intro" : undefined}
    >
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
            {LOGIN_TEXTS.totpRequired}
          </p>
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
        {pending ? "Wird angemeldet…" : step === "totp" ? "Bestätigen" : "Anmelden"}
      </Button>
      {step === "totp" ? (
        <Button
          variant="ghost"
          onClick={() => {
            setStep("credentials");
            setTotp("");
            setErrors({});
          }}
        >
          Zurück
        </Button>
      ) : null}
    </form>
  );
}
