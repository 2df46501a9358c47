import { Outlet } from "react-router";
import { AuthProvider, useAuth } from "@/features/auth/components/auth-provider";
import { authTexts } from "@/features/auth/texts";
import { LoadingState } from "./loading-state";

/** 'Lädt...' while the sign-in state is checked; nothing else renders until then (spec section 2). */
export function StartupLoading() {
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
