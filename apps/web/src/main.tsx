import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { boot } from "./app/boot";
import { scheduleIntroRemoval } from "./app/intro";
import { toast } from "./components/ui/use-toast";
import { setNotifier } from "./lib/notify";
import { createQueryClient } from "./lib/query-client";
import "./index.css";

async function start() {
  scheduleIntroRemoval();
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
