import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { scheduleIntroRemoval } from "./app/intro";
import { seedBrandFromDevice } from "./lib/brand";
import { initNetwork } from "./lib/network";
import { createQueryClient } from "./lib/query-client";
import { initTheme } from "./lib/theme";
import "./index.css";

async function start() {
  scheduleIntroRemoval();
  const queryClient = createQueryClient();
  await Promise.all([initTheme(), initNetwork(), seedBrandFromDevice(queryClient)]);
  const container = document.getElementById("root");
  if (!container) throw new Error("#root fehlt in index.html");
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
