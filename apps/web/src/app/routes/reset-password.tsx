import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth/components/auth-provider";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { SignedOutLayout } from "@/features/auth/components/signed-out-layout";
import { passwordResetTexts } from "@/features/auth/password-reset-texts";
import { useBrand } from "@/lib/brand";
import { useDocumentTitle } from "../use-document-title";

const FORGOT_PATH = "/forgot-password";

/**
 * The token of a reset link: in the fragment (`/reset-password#token=…`, never sent to a server,
 * so no log can hold it), or in the query of links mailed before the fragment was used.
 */
export function resetTokenOf(location: { hash: string; search: string }): string {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");
  return (fromHash ?? new URLSearchParams(location.search).get("token") ?? "").trim();
}

/** Public page the reset mail links to: `/reset-password#token=…`. */
export function Component() {
  const token = resetTokenOf(useLocation());
  const navigate = useNavigate();
  const { state, signOutLocally } = useAuth();
  const brand = useBrand();
  const t = passwordResetTexts;
  useDocumentTitle(t.resetTitle, brand.companyName);

  const onDone = async (message: string) => {
    // The server ended every session of the account; a session on this device is over too.
    if (state.status === "signed-in") await signOutLocally();
    toast({ title: t.resetDoneTitle, description: message });
    navigate(paths.login.path, { replace: true });
  };

  return (
    <SignedOutLayout heading={t.resetTitle} intro={t.resetIntro}>
      {token ? (
        <ResetPasswordForm token={token} forgotPath={FORGOT_PATH} onDone={onDone} />
      ) : (
        <div className="grid gap-4">
          <p
            role="alert"
            className="rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
          >
            {t.missingToken}
          </p>
          <Button asChild variant="outline">
            <Link to={FORGOT_PATH}>{t.requestNewLink}</Link>
          </Button>
        </div>
      )}
    </SignedOutLayout>
  );
}
