import { useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import type { LoginResult } from "@/features/auth/api/login";
import { useAuth } from "@/features/auth/components/auth-provider";
import { BrandMark } from "@/features/auth/components/brand-mark";
import { LoginForm } from "@/features/auth/components/login-form";
import { authTexts } from "@/features/auth/texts";
import { useBrand } from "@/lib/brand";
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

  // A tenant who is already signed in has nothing to do here.
  if (state.status === "signed-in" && !justSignedIn) return <Navigate to={paths.home.path} replace />;

  const onSuccess = async (result: LoginResult) => {
    setJustSignedIn(true);
    await completeLogin({ token: result.token, user: result.user });
    toast({ title: authTexts.successTitle, description: authTexts.welcome(result.user.firstName) });
    redirectTimer.current = setTimeout(() => navigate(paths.home.path, { replace: true }), LOGIN_REDIRECT_DELAY);
  };

  return (
    <div className="flex min-h-dvh flex-col items-center justify-between bg-background px-4 pt-[max(2.5rem,env(safe-area-inset-top))] pb-6">
      <main className="flex w-full max-w-md flex-1 flex-col justify-center gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <BrandMark logoText={brand.logoText} />
          <div>
            <p className="text-lg font-semibold">{brand.companyName}</p>
            <p className="text-sm text-muted-foreground">Mieter-Portal</p>
          </div>
        </div>
        <section
          aria-labelledby="login-heading"
          className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm"
        >
          <h1 id="login-heading" className="text-2xl font-bold">
            {authTexts.heading}
          </h1>
          <p className="mt-1 mb-5 text-sm text-muted-foreground">{authTexts.intro}</p>
          <LoginForm exampleEmail={EXAMPLE_EMAIL} onSuccess={onSuccess} />
        </section>
      </main>
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        {authTexts.copyright(new Date().getFullYear(), brand.companyName)}
      </footer>
    </div>
  );
}
