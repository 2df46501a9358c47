import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { boot } from "./app/boot";
import { scheduleIntroRemoval } from "./app/intro";
import { preloadToaster } from "./components/ui/toaster";
import { toast } from "./components/ui/use-toast";
import { setNotifier } from "./lib/notify";
import { createQueryClient } from "./lib/query-client";
import "./index.css";

async function start() {
  // The toasts' code, ahead of need: a change queued offline says so at once (decision 016). Not
  // with the first screen, which it would delay on a slow phone (issue 13, decision 025).
  scheduleIntroRemoval(document, performance.now(), () => void preloadToaster());
  // lib speaks to the tenant through this notifier (lib never imports components).
  setNotifier(toast);
  const queryClient = createQueryClient();
  await boot(queryClient);
  const container = document.getElementById("root");
  if (!container) throw new Error("#root fehlt in index.html");
  const root = createRoot(container);
  // A transition: React renders the first screen in slices and lets the browser breathe between
  // them instead of one long task (issue 13: Lighthouse's total blocking time on a slow phone).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void start();
