import { type ComponentType, useEffect, useState } from "react";

type PromptComponent = ComponentType<Record<string, never>>;

// Its buttons take caller classes, merged by tailwind-merge (lib/utils: cn).
async function loadUpdatePrompt(): Promise<PromptComponent> {
  const [module] = await Promise.all([import("./update-prompt"), import("@/lib/class-merge")]);
  return module.UpdatePrompt;
}

/** Resolves once the static intro of index.html is gone (at once when there is none). */
function introGone(): Promise<void> {
  return new Promise((resolve) => {
    if (!document.getElementById("intro")) return resolve();
    const observer = new MutationObserver(() => {
      if (document.getElementById("intro")) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true });
  });
}

/**
 * Calls `run` once the page has loaded, the intro has made way for the first screen and the
 * browser is idle: start-up comes first (issue 13: the first screen's JavaScript must not share
 * a slow connection with the service worker's download of the whole app).
 */
export function afterStartup(run: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") {
      idleId = window.requestIdleCallback(run, { timeout: 3000 });
    } else {
      idleId = window.setTimeout(run, 1000);
    }
  };
  const whenLoaded = () => void introGone().then(whenIdle);
  if (document.readyState === "complete") whenLoaded();
  else window.addEventListener("load", whenLoaded, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", whenLoaded);
    if (idleId === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idleId);
    else window.clearTimeout(idleId);
  };
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
