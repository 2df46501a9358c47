import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { HOME_PATH } from "@/config/start-up";
import type { LoginResult } from "@/features/auth/api/login";
import { useAuth } from "@/features/auth/components/auth-provider";
import { LoginForm } from "@/features/auth/components/login-form";
import { SignedOutLayout } from "@/features/auth/components/signed-out-layout";
import { authTexts } from "@/features/auth/texts";
import { useBrand } from "@/lib/brand";
import { prefetchSignedInAppWhenIdle } from "../prefetch";
import { useDocumentTitle } from "../use-document-title";

/** Spec section 9: redirect 1 s after a successful login. */
const LOGIN_REDIRECT_DELAY = 1000;
const EXAMPLE_EMAIL = "max.mustermann@example.com";

export function Component() {
  const { state, completeLogin } = useAuth();
  const brand = useBrand();
  const navigate = useNavigate();
  const [justSignedIn, setJustSignedIn] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useDocumentTitle(authTexts.submit, brand.companyName);
  // What the tenant needs after signing in loads while they type (issue 13).
  useEffect(() => prefetchSignedInAppWhenIdle(), []);

  // A tenant who is already signed in has nothing to do here.
  if (state.status === "signed-in" && !justSignedIn) return <Navigate to={HOME_PATH} replace />;

  const onSuccess = async (result: LoginResult) => {
    setJustSignedIn(true);
    await completeLogin({ token: result.token, user: result.user });
    toast({ title: authTexts.successTitle, description: authTexts.welcome(result.user.firstName) });
    redirectTimer.current = setTimeout(() => navigate(HOME_PATH, { replace: true }), LOGIN_REDIRECT_DELAY);
  };

  return (
    <SignedOutLayout heading={authTexts.heading} intro={authTexts.intro}>
      <LoginForm exampleEmail={EXAMPLE_EMAIL} onSuccess={onSuccess} />
    </SignedOutLayout>
  );
}
