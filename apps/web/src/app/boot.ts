import type { QueryClient } from "@tanstack/react-query";
import { preReadStartupSession } from "@/features/auth/session";
import { startEarlyReads } from "@/lib/api/query-fn";
import { seedBrandFromDevice } from "@/lib/brand";
import { adoptStartReads } from "@/lib/early-reads";
import { initNetwork } from "@/lib/network";
import { writeSession } from "@/lib/session";
import { initTheme } from "@/lib/theme";
import { startReads } from "./start-up";

/**
 * Everything main.tsx does before the first render. The sign-in state comes first (issue 13): the
 * router starts on the screen it allows, and that screen's reads go out now, while the intro shows
 * and its JavaScript loads.
 */
export async function boot(queryClient: QueryClient): Promise<void> {
  const others = Promise.all([applyStylesheet(), initTheme(), seedBrandFromDevice(queryClient)]);
  // The reads wait only for what they need: the session and whether the tenant switched offline.
  const [startup] = await Promise.all([preReadStartupSession(), initNetwork()]);
  if (startup.kind === "signed-in") writeSession(startup.session.token, startup.session.user);
  // The reads the start script sent before this JavaScript arrived are taken, the rest sent now.
  adoptStartReads();
  startEarlyReads(startReads(startup, window.location.pathname));
  await others;
}

/**
 * The build loads the app's stylesheet as a preload so that it does not hold up the intro's first
 * paint (vite.config.ts); it is applied here, before the app renders anything.
 */
export function applyStylesheet(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>("link[data-mp-app-css]");
  if (!link || link.rel === "stylesheet") return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    // Without it the screens look bare, but they work: never wait for ever.
    link.addEventListener("error", () => resolve(), { once: true });
    link.rel = "stylesheet";
  });
}
