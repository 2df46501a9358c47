import type { QueryClient } from "@tanstack/react-query";
import { preReadStartupSession } from "@/features/auth/session";
import { setCurrentToken, startEarlyReads } from "@/lib/api-client";
import { seedBrandFromDevice } from "@/lib/brand";
import { initNetwork } from "@/lib/network";
import { initTheme } from "@/lib/theme";
import { startReads } from "./start-up";

/**
 * Everything main.tsx does before the first render. The sign-in state comes first (issue 13): the
 * router starts on the screen it allows, and that screen's reads go out now, while the intro shows
 * and its JavaScript loads.
 */
export async function boot(queryClient: QueryClient): Promise<void> {
  const [startup] = await Promise.all([
    preReadStartupSession(),
    initTheme(),
    initNetwork(),
    seedBrandFromDevice(queryClient),
  ]);
  if (startup.kind === "signed-in") setCurrentToken(startup.session.token);
  startEarlyReads(startReads(startup, window.location.pathname));
}
