import { type ComponentType, useEffect, useState } from "react";
import { afterStartup } from "@/lib/after-startup";

type PromptComponent = ComponentType<Record<string, never>>;

// Its buttons take caller classes, merged by tailwind-merge (lib/utils: cn).
async function loadUpdatePrompt(): Promise<PromptComponent> {
  const [module] = await Promise.all([import("./update-prompt"), import("@/lib/class-merge")]);
  return module.UpdatePrompt;
}

/**
 * The update prompt and the service worker registration, loaded after start-up and only in
 * production builds (`vite dev` and the unit tests have no service worker): neither belongs
 * to the JavaScript the login screen waits for. Loaded by hand, not with React.lazy: offline
 * before the service worker has the files, a lazy component's failed import is thrown while
 * rendering and blanked the whole app (seen in the bench's offline drain). A failed download is
 * tried again when the connection is back.
 */
export function LazyUpdatePrompt({
  enabled = import.meta.env.PROD,
  load = loadUpdatePrompt,
}: {
  enabled?: boolean;
  load?: () => Promise<PromptComponent>;
}) {
  const [Prompt, setPrompt] = useState<PromptComponent | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const attempt = () => {
      load().then(
        (component) => {
          if (!cancelled) setPrompt(() => component);
        },
        (error: unknown) => {
          console.warn("[pwa] Update-Hinweis konnte nicht geladen werden", error);
          if (!cancelled) window.addEventListener("online", attempt, { once: true });
        },
      );
    };
    const stop = afterStartup(attempt);
    return () => {
      cancelled = true;
      stop();
      window.removeEventListener("online", attempt);
    };
  }, [enabled, load]);
  return Prompt ? <Prompt /> : null;
}
