import { Navigate } from "react-router";
import { TooltipProvider } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth/components/auth-provider";
import { AnimatedOutlet } from "./animated-outlet";
import { Header } from "./header";
import { OfflineControls } from "./offline-controls";
import { TabBar } from "./tab-bar";

/** The signed-in frame: fixed header, content of screen height − 112 px, bottom tab bar. */
export function AppShell() {
  const { state } = useAuth();
  if (state.status !== "signed-in") return <Navigate to={paths.login.path} replace />;
  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-background">
        <Header />
        <main
          id="main"
          className="mt-14 h-[calc(100dvh-112px)] overflow-x-hidden overflow-y-auto"
          data-testid="app-content"
        >
          <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-28">
            <AnimatedOutlet />
          </div>
        </main>
        <TabBar />
        <OfflineControls />
      </div>
    </TooltipProvider>
  );
}
