import { useEffect } from "react";
import { Navigate } from "react-router";
import { TooltipProvider } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth/components/auth-provider";
import { afterStartup } from "@/lib/after-startup";
import { AnimatedOutlet } from "./animated-outlet";
import { Header } from "./header";
import { OfflineControls } from "./offline-controls";
import { TabBar } from "./tab-bar";
import { useSyncEngine } from "./use-sync-engine";

/**
 * The signed-in frame: fixed header, content of screen height − 112 px, bottom tab bar. On screens
 * narrower than 56rem the content area ends in a strip of its own for the floating buttons (offline
 * toggle, details, the messages' chat button), so they never lie over text or a control (issue 12);
 * wider, they float beside the centred content column.
 */
/**
 * Web Push (issue 29): once signed in and started, this browser's subscription is sent again so
 * the server renews it (lib/push/device, loaded on demand).
 */
function usePushRenewal(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    return afterStartup(
      () =>
        void import("@/lib/push/device")
          .then((push) => push.renewPushSubscription())
          .catch((error: unknown) => console.warn("[push] Anmeldung für Push nicht erneuert", error)),
    );
  }, [signedIn]);
}

export function AppShell() {
  const { state } = useAuth();
  useSyncEngine(state.status === "signed-in" ? state.token : null);
  usePushRenewal(state.status === "signed-in");
  if (state.status !== "signed-in") return <Navigate to={paths.login.path} replace />;
  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-background">
        <Header />
        <div className="mt-14 flex h-[calc(100dvh-112px)] flex-col" data-testid="app-content">
          <main id="main" className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto">
            <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-6">
              <AnimatedOutlet />
            </div>
          </main>
          <div aria-hidden="true" className="h-14 shrink-0 min-[56rem]:hidden" data-testid="floating-strip" />
        </div>
        <TabBar />
        <OfflineControls />
      </div>
    </TooltipProvider>
  );
}
