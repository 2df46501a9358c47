import { toast } from "@mieter-portal/ui/use-toast";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./lib/query-client";
import { initTheme } from "./lib/theme";
import "./index.css";

initTheme();
/** A failed save without its own inline error: the toast, wired here so that lib stays free of UI. */
const queryClient = createQueryClient((description) =>
  toast({ variant: "destructive", title: "Nicht gespeichert", description }),
);
const container = document.getElementById("root");
if (!container) throw new Error("#root fehlt in index.html");
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
