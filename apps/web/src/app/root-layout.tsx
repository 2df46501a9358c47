import { useSyncExternalStore } from "react";
import { Outlet } from "react-router";
import { AuthProvider, useAuth } from "@/features/auth/components/auth-provider";
import { authTexts } from "@/features/auth/texts";
import { LoadingState } from "./loading-state";

function subscribeIntro(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}
const introShown = () => document.getElementById("intro") !== null;

/**
 * 'Lädt...' while the sign-in state is checked; nothing else renders until then (spec section 2).
 * Under the intro nothing at all: a full-screen 'Lädt...' that the first screen then replaces
 * counted as a layout shift of the whole page (issue 13: Lighthouse, CLS 0.07), unseen by anyone.
 */
export function StartupLoading() {
  const covered = useSyncExternalStore(subscribeIntro, introShown, () => false);
  if (covered) return null;
  return (
    <div className="flex min-h-dvh flex-col bg-background" data-testid="startup-loading">
      <LoadingState text={authTexts.loading} />
    </div>
  );
}

function StartupGate() {
  const { state } = useAuth();
  if (state.status === "checking") return <StartupLoading />;
  return <Outlet />;
}

export function RootLayout() {
  return (
    <AuthProvider>
      <StartupGate />
    </AuthProvider>
  );
}
