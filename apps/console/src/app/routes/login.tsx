import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useDocumentTitle } from "@/components/page";
import { SignedOutLayout } from "@/components/signed-out-layout";
import { paths } from "@/config/paths";
import { LoginForm } from "@/features/auth/components/login-form";
import { takeSignOutReason, useToken } from "@/lib/session";

/** Only paths inside the console may be a return target. */
function safeNext(value: string | null): string {
  return value?.startsWith("/") && !value.startsWith("//") ? value : paths.inbox;
}

export function Component() {
  useDocumentTitle("Anmelden");
  const token = useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [expired] = useState(() => takeSignOutReason() === "expired");
  const next = safeNext(params.get("next"));
  useEffect(() => {
    document.getElementById("inhalt")?.querySelector("input")?.focus();
  }, []);
  if (token) return <Navigate to={next} replace />;
  return (
    <SignedOutLayout title="Anmelden">
      {expired ? (
        <p role="status" className="mb-4 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.
        </p>
      ) : null}
      <LoginForm onSignedIn={() => navigate(next, { replace: true })} />
      <p className="mt-4 text-center text-sm">
        <Link className="text-link underline" to={paths.passwordForgotten}>
          Passwort vergessen?
        </Link>
      </p>
    </SignedOutLayout>
  );
}
