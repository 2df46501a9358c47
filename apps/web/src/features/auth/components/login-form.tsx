import { useMutation } from "@tanstack/react-query";
import { Eye, EyeOff } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { isOffline } from "@/lib/network";
import { LoginFailedError, type LoginResult, loginWithCredentials } from "../api/login";
import { validateLogin } from "../login-validation";
import { authTexts } from "../texts";

/** The 'Passwort vergessen?' page (public route next to /login). */
const FORGOT_PASSWORD_PATH = "/forgot-password";

/**
 * The login form keeps its state in plain React instead of react-hook-form + zod: it is the only
 * form on the first screen, and those libraries would push the login JavaScript over its budget.
 * For the same reason its two fields are wired by hand the way Field does it (ids, aria-invalid,
 * aria-describedby, the error line) instead of with Field: Field's chunk put the signed-out start
 * at 110.1 KB brotli, over its 110 KB budget (109.9 KB with Field inside form-field's chunk).
 */
export function LoginForm({
  exampleEmail,
  onSuccess,
}: {
  exampleEmail: string;
  onSuccess: (result: LoginResult) => Promise<void>;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [invalid, setInvalid] = useState<{ email?: string | true; password?: true }>({});
  const [failed, setFailed] = useState(false);
  const login = useMutation({
    mutationKey: ["auth", "login"],
    mutationFn: loginWithCredentials,
    networkMode: "always",
    meta: { errorTitle: authTexts.failedTitle },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    // A new attempt: the hint of the last one goes, whatever stops this one.
    setFailed(false);
    const result = validateLogin({ email, password, remember });
    if (result.kind === "empty") {
      setInvalid({ email: result.emailMissing || undefined, password: result.passwordMissing || undefined });
      toast({ variant: "destructive", title: authTexts.emptyTitle, description: authTexts.emptyDescription });
      return;
    }
    if (result.kind === "invalid-email") {
      setInvalid({ email: result.message });
      return;
    }
    setInvalid({});
    if (isOffline()) {
      toast({ variant: "destructive", title: authTexts.offlineTitle, description: authTexts.offlineDescription });
      return;
    }
    toast({ title: authTexts.busyTitle, description: authTexts.busyDescription });
    try {
      const session = await login.mutateAsync(result.values);
      await onSuccess(session);
    } catch (error) {
      // The toast (mutation cache) names the cause; the page's hint is about the credentials, so
      // only when the server refused them, not for no network, too many attempts or a server error.
      setFailed(error instanceof LoginFailedError && error.status < 500 && error.status !== 429);
    }
  };

  const busy = login.isPending;
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const rememberId = `${id}-remember`;
  const emailErrorId = `${id}-email-error`;
  const emailMessage = typeof invalid.email === "string" ? invalid.email : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {failed ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
        >
          {authTexts.failedInline}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={emailId}>{authTexts.emailLabel}</Label>
        <Input
          id={emailId}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={authTexts.emailPlaceholder(exampleEmail)}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid.email ? true : undefined}
          aria-describedby={emailMessage ? emailErrorId : undefined}
          readOnly={busy}
        />
        {emailMessage ? (
          <p id={emailErrorId} className="text-sm text-destructive-text">
            {emailMessage}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={passwordId}>{authTexts.passwordLabel}</Label>
        <div className="relative">
          <Input
            id={passwordId}
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalid.password ? true : undefined}
            readOnly={busy}
            className="pr-11"
          />
          <button
            type="button"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? authTexts.hidePassword : authTexts.showPassword}
            aria-pressed={showPassword}
            className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {showPassword ? (
              <EyeOff className="size-5" aria-hidden="true" />
            ) : (
              <Eye className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <input
            id={rememberId}
            name="remember"
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            className="size-5 accent-primary"
          />
          {/* A plain label: no class of Label's to override (the login renders without tailwind-merge). */}
          <label htmlFor={rememberId} className="text-sm">
            {authTexts.remember}
          </label>
        </div>
        <Button variant="link" size={null} className="h-9 text-sm" onClick={() => navigate(FORGOT_PASSWORD_PATH)}>
          {authTexts.forgotPassword}
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {busy ? authTexts.submitBusy : authTexts.submit}
      </Button>
    </form>
  );
}
