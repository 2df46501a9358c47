import { zodResolver } from "@hookform/resolvers/zod";
import { type StaffLoginRequest, staffLoginRequest, type TotpSetup } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { FormError } from "@/components/form-error";
import { TotpCodeField } from "@/components/totp-code-field";
import { TotpEnrollment } from "@/components/totp-enrollment";
import { signIn } from "@/lib/session";
import { login, loginTotpSetup, meQueryOptions } from "../api";
import { LOGIN_TEXTS, type LoginStep, loginFailure } from "../login-flow";

interface LoginValues {
  email: string;
  password: string;
  totp?: string;
}

/** The first step: e-mail and password (the contracts' login rules); no code is sent. */
const credentialsSchema: z.ZodType<StaffLoginRequest, LoginValues> = staffLoginRequest
  .pick({ email: true, password: true })
  .extend({
    totp: z
      .string()
      .optional()
      .transform(() => undefined),
  });
/** The code step: the same request with the code required. */
const withCodeSchema: z.ZodType<StaffLoginRequest, LoginValues> = staffLoginRequest.required({ totp: true });

/**
 * E-mail and password; when the account has a second factor, a second step asks for the code. An
 * Administrator without one sets it up in that step (QR code, first code) before the session starts.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<LoginStep>("credentials");
  const [enrolment, setEnrolment] = useState<TotpSetup | null>(null);
  const codeStep = step === "totp" || step === "enrol";
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, StaffLoginRequest>({
    // The schema of the step shown: the credentials alone, then with the code.
    resolver: zodResolver(codeStep ? withCodeSchema : credentialsSchema),
    defaultValues: { email: "", password: "", totp: "" },
  });

  const codeRef = useRef<HTMLInputElement | null>(null);
  const totpField = register("totp");

  useEffect(() => {
    if (codeStep) codeRef.current?.focus();
  }, [codeStep]);

  function restart() {
    setStep("credentials");
    setValue("totp", "");
    setEnrolment(null);
  }

  async function onSubmit(values: StaffLoginRequest) {
    try {
      const result = await login(values);
      signIn(result.token);
      queryClient.setQueryData(meQueryOptions().queryKey, result.staff);
      onSignedIn();
    } catch (error) {
      const failure = loginFailure(error, step);
      setStep(failure.step);
      for (const [field, message] of Object.entries(failure.fieldErrors)) {
        setError(field as Path<LoginValues>, { type: "server", message });
      }
      if (failure.formError) setError("root", { type: "server", message: failure.formError });
      if (failure.step === "credentials") restart();
      if (failure.step === "enrol" && !enrolment) await startEnrolment(values);
    }
  }

  /** The secret to scan; the same one again on a second try (the server keeps the pending one). */
  async function startEnrolment(credentials: { email: string; password: string }) {
    try {
      setEnrolment(await loginTotpSetup({ email: credentials.email, password: credentials.password }));
    } catch (error) {
      restart();
      setError("root", { type: "server", message: loginFailure(error, "credentials").formError ?? undefined });
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-describedby={codeStep ? "totp-intro" : undefined}
    >
      <FormError message={errors.root?.message} />
      {step === "credentials" ? (
        <>
          <Field
            label="E-Mail-Adresse"
            error={errors.email?.message}
            className="content-start"
            inputProps={{ type: "email", autoComplete: "username", required: true, ...register("email") }}
          />
          <PasswordField
            id="login-password"
            label="Passwort"
            error={errors.password?.message}
            inputProps={{ autoComplete: "current-password", required: true, ...register("password") }}
          />
        </>
      ) : (
        <>
          <p id="totp-intro" className="text-sm text-muted-foreground">
            {step === "enrol" ? LOGIN_TEXTS.enrolRequired : LOGIN_TEXTS.totpRequired}
          </p>
          {step === "enrol" && enrolment ? <TotpEnrollment setup={enrolment} /> : null}
          <TotpCodeField
            error={errors.totp?.message}
            required
            {...totpField}
            ref={(element) => {
              totpField.ref(element);
              codeRef.current = element;
            }}
          />
        </>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting
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
            clearErrors();
          }}
        >
          Zurück
        </Button>
      ) : null}
    </form>
  );
}
