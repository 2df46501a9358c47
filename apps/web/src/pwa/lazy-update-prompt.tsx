import { lazy, Suspense, useEffect, useState } from "react";

// Its buttons take caller classes, merged by tailwind-merge (lib/utils: cn).
const UpdatePrompt = lazy(async () => {
  const [module] = await Promise.all([import("./update-prompt"), import("@/lib/class-merge")]);
  return { default: module.UpdatePrompt };
});

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
 * to the JavaScript the login screen waits for.
 */
export function LazyUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return afterStartup(() => setReady(true));
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
