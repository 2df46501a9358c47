import { LIMITS } from "@mieter-portal/contracts";
import { staffPasswordResetConfirm } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { PasswordField } from "@mieter-portal/ui/password-field";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { FormError } from "@/components/form-controls";
import { LoadError, Loading, useDocumentTitle } from "@/components/page";
import { SignedOutLayout } from "@/components/signed-out-layout";
import { paths } from "@/config/paths";
import {
  confirmPasswordReset,
  passwordResetInfo,
  RESET_LINK_TEXTS,
  type ResetLinkProblem,
  resetLinkProblem,
  resetTokenFromHash,
} from "@/features/auth/password-reset";
import { errorsFromApi, validate } from "@/lib/form";

/**
 * The page the reset mail links to: the link's state, then the new password (decision 033). A second
 * mail's link opened in the same tab changes only the fragment: the page starts over with its token.
 */
export function Component() {
  useDocumentTitle("Neues Passwort setzen");
  const token = resetTokenFromHash(useLocation().hash);
  return <ResetPage key={token ?? ""} token={token} />;
}

function ResetPage({ token }: { token: string | null }) {
  const [problem, setProblem] = useState<ResetLinkProblem | null>(token === null ? "incomplete" : null);
  const [done, setDone] = useState<string | null>(null);
  const info = useQuery({
    queryKey: ["password-reset", token],
    queryFn: () => passwordResetInfo(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const linkProblem = problem ?? (info.isError ? resetLinkProblem(info.error) : null);

  return (
    <SignedOutLayout title="Neues Passwort setzen">
      {done ? (
        <Done message={done} />
      ) : linkProblem ? (
        <LinkProblem problem={linkProblem} />
      ) : info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <NewPasswordForm
          token={token!}
          email={info.data.email}
          name={info.data.name}
          onDone={setDone}
          onLinkProblem={setProblem}
        />
      )}
    </SignedOutLayout>
  );
}

function LinkProblem({ problem }: { problem: ResetLinkProblem }) {
  const texts = RESET_LINK_TEXTS[problem];
  return (
    <div role="alert" className="grid gap-3">
      <h2 className="font-semibold">{texts.title}</h2>
      <p className="text-sm">{texts.text}</p>
      {texts.newLink ? (
        <Button asChild>
          <Link to={paths.passwordForgotten}>Neuen Link anfordern</Link>
        </Button>
      ) : null}
      <Link className="text-sm text-link underline" to={paths.login}>
        Zur Anmeldung
      </Link>
    </div>
  );
}

function Done({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <p ref={ref} tabIndex={-1} role="status" className="rounded-lg bg-muted p-3 text-sm outline-none">
        {message}
      </p>
      <Button asChild>
        <Link to={paths.login} replace>
          Zur Anmeldung
        </Link>
      </Button>
    </div>
  );
}

function NewPasswordForm({
  token,
  email,
  name,
  onDone,
  onLinkProblem,
}: {
  token: string;
  email: string;
  name: string;
  onDone: (message: string) => void;
  onLinkProblem: (problem: ResetLinkProblem) => void;
}) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffPasswordResetConfirm, { token, newPassword: password });
    const next: Record<string, string> = { ...(checked.errors ?? {}) };
    if (password !== repeat) next.repeat = "Die Passwörter stimmen nicht überein.";
    if (Object.keys(next).length > 0 || !checked.data) {
      setErrors(next);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      onDone((await confirmPasswordReset(checked.data)).message);
    } catch (error) {
      const problem = resetLinkProblem(error);
      if (problem) {
        onLinkProblem(problem);
        return;
      }
      const apiErrors = errorsFromApi(error);
      if (apiErrors.newPassword) delete apiErrors._form;
      setErrors(apiErrors);
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm">
        Neues Passwort für <strong>{name}</strong> ({email}). Danach melden Sie sich damit an, mit dem Code aus Ihrer
        Authenticator-App, falls Sie die Zwei-Faktor-Anmeldung eingerichtet haben.
      </p>
      <FormError message={errors._form ?? errors.token} />
      <PasswordField
        id="reset-password"
        label="Neues Passwort"
        hint={`Mindestens ${LIMITS.staffPasswordMin} Zeichen.`}
        error={errors.newPassword}
        inputProps={{ autoComplete: "new-password", value: password, onChange: (e) => setPassword(e.target.value) }}
      />
      <PasswordField
        id="reset-repeat"
        label="Passwort wiederholen"
        error={errors.repeat}
        inputProps={{ autoComplete: "new-password", value: repeat, onChange: (e) => setRepeat(e.target.value) }}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Wird gespeichert…" : "Passwort speichern"}
      </Button>
    </form>
  );
}
