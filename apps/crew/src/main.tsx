import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, createQueryClient } from "./app/app";
import { initTheme } from "./lib/theme";
import "./index.css";

initTheme();
// The service worker keeps the app shell, so a reload without network starts the app (decision 052).
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void navigator.serviceWorker.register("/einsatz/sw.js", { scope: "/einsatz/" }).catch(() => undefined);
  });
}
const container = document.getElementById("root");
if (!container) throw new Error("#root fehlt in index.html");
createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
