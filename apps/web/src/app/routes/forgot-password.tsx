import { Navigate } from "react-router";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth/components/auth-provider";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { SignedOutLayout } from "@/features/auth/components/signed-out-layout";
import { passwordResetTexts } from "@/features/auth/password-reset-texts";
import { useBrand } from "@/lib/brand";
import { useDocumentTitle } from "../use-document-title";

const EXAMPLE_EMAIL = "max.mustermann@example.com";

/** Public page next to /login: asks for the reset mail. */
export function Component() {
  const { state } = useAuth();
  const brand = useBrand();
  useDocumentTitle(passwordResetTexts.forgotTitle, brand.companyName);
  // A signed-in tenant changes the password under Einstellungen.
  if (state.status === "signed-in") return <Navigate to={paths.settings.path} replace />;
  return (
    <SignedOutLayout heading={passwordResetTexts.forgotTitle} intro={passwordResetTexts.forgotIntro}>
      <ForgotPasswordForm loginPath={paths.login.path} exampleEmail={EXAMPLE_EMAIL} />
    </SignedOutLayout>
  );
}
