import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./lib/query-client";
import { initTheme } from "./lib/theme";
import "./index.css";

initTheme();
const container = document.getElementById("root");
if (!container) throw new Error("#root fehlt in index.html");
createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
