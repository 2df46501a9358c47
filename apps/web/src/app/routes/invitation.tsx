import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { toast } from "@/components/ui/use-toast";
import { HOME_PATH } from "@/config/start-up";
import { checkInvitation, type InvitationCredential } from "@/features/auth/api/invitation";
import type { LoginResult } from "@/features/auth/api/login";
import { useAuth } from "@/features/auth/components/auth-provider";
import { InvitationForm } from "@/features/auth/components/invitation-form";
import { SignedOutLayout } from "@/features/auth/components/signed-out-layout";
import { invitationTexts } from "@/features/auth/invitation-texts";
import { ApiRequestError } from "@/lib/api/errors";
import { useBrand } from "@/lib/brand";
import { prefetchSignedInAppWhenIdle } from "../prefetch";
import { useDocumentTitle } from "../use-document-title";
import { resetTokenOf } from "./reset-password";

type Check =
  | { state: "checking" }
  | { state: "ready"; name: string; email: string | null; expiresAt: string; credential: InvitationCredential }
  | { state: "invalid"; message: string }
  | { state: "failed" };

const berlinTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  dateStyle: "medium",
  timeStyle: "short",
});

/**
 * Public page the invitation mail and letter link to: `/einladung#token=…` (issue 14 §1). Opened
 * without a link, it asks for the registration code printed on the letter (issue 24 item 6).
 */
export function Component() {
  const token = resetTokenOf(useLocation());
  const navigate = useNavigate();
  const { state, completeLogin, signOutLocally } = useAuth();
  const brand = useBrand();
  const t = invitationTexts;
  useDocumentTitle(t.title, brand.companyName);
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const [attempt, setAttempt] = useState(0);
  // The shell and the dashboard are not part of this page's start (issue 26 item 4): fetched once
  // the form shows and the browser is idle, as after the login, they are there when the tenant is in.
  useEffect(() => prefetchSignedInAppWhenIdle(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry button) checks again
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setCheck({ state: "checking" });
    checkInvitation({ token }, controller.signal).then(
      (info) =>
        setCheck({
          state: "ready",
          name: `${info.first_name} ${info.last_name}`.trim(),
          email: info.email,
          expiresAt: info.expires_at,
          credential: { token },
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 400) {
          setCheck({ state: "invalid", message: error.apiMessage ?? error.message });
        } else setCheck({ state: "failed" });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  const onDone = async (session: LoginResult) => {
    // Another tenant signed in on this device: their data leaves before the new session starts.
    if (state.status === "signed-in") await signOutLocally();
    await completeLogin({ token: session.token, user: session.user });
    toast({ title: t.doneTitle, description: t.doneDescription(session.user.firstName) });
    navigate(HOME_PATH, { replace: true });
  };

  const alert = (message: string) => (
    <div className="grid gap-4">
      <p
        role="alert"
        className="rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
      >
        {message}
      </p>
      <Button asChild variant="outline">
        <Link to="/login">{t.toLogin}</Link>
      </Button>
    </div>
  );

  return (
    <SignedOutLayout heading={t.title} intro={t.intro}>
      {!token && check.state !== "ready" ? (
        <CodeEntry
          onChecked={(info, code) =>
            setCheck({
              state: "ready",
              name: `${info.first_name} ${info.last_name}`.trim(),
              email: info.email,
              expiresAt: info.expires_at,
              credential: { code },
            })
          }
        />
      ) : check.state === "checking" ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t.checking}
        </p>
      ) : check.state === "invalid" ? (
        alert(check.message)
      ) : check.state === "failed" ? (
        <div className="grid gap-4">
          <p role="alert" className="text-sm">
            {t.loadError}
          </p>
          <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-1 text-sm">
            <p className="font-medium">{t.greeting(check.name)}</p>
            <p>{t.explanation}</p>
            <p className="text-muted-foreground">{t.validUntil(berlinTime.format(new Date(check.expiresAt)))}</p>
          </div>
          <InvitationForm credential={check.credential} email={check.email} onDone={onDone} />
        </div>
      )}
    </SignedOutLayout>
  );
}

/** The registration code from a printed letter, typed instead of following the link. */
function CodeEntry({
  onChecked,
}: {
  onChecked: (info: Awaited<ReturnType<typeof checkInvitation>>, code: string) => void;
}) {
  const id = useId();
  const t = invitationTexts;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t.codeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onChecked(await checkInvitation({ code: typed }), typed);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? (failure.apiMessage ?? failure.message) : t.loadError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm">{t.codeIntro}</p>
      <Field
        id={`${id}-code`}
        label={t.codeLabel}
        hint={t.codeHint}
        error={error ?? undefined}
        inputProps={{
          value: code,
          onChange: (e) => setCode(e.target.value),
          autoComplete: "one-time-code",
          autoCapitalize: "characters",
          spellCheck: false,
          maxLength: 20,
          className: "font-mono tracking-widest uppercase",
          readOnly: busy,
        }}
      />
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {busy ? t.codeChecking : t.codeSubmit}
      </Button>
      <Button asChild variant="outline">
        <Link to="/login">{t.toLogin}</Link>
      </Button>
    </form>
  );
}
