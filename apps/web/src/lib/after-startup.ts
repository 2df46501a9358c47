/**
 * Work that must not share the start with the first screen (issue 13): on a slow phone every file
 * fetched and every task run before the first screen has painted delays it.
 */

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
