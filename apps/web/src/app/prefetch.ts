import { afterStartup } from "@/lib/after-startup";

/**
 * The build lists the JavaScript of the signed-in app's first screen (app shell and dashboard,
 * without what the login already loaded) in this meta tag of index.html (vite.config.ts).
 */
export const PREFETCH_META = "mp-signed-in-prefetch";

/** Adds a modulepreload link for each listed file: fetched and compiled now, run only when needed. */
export function prefetchSignedInApp(doc: Document = document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META}"]`)?.content ?? "";
  const added: string[] = [];
  for (const href of content.split(/\s+/).filter(Boolean)) {
    if (doc.head.querySelector(`link[href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    doc.head.append(link);
    added.push(href);
  }
  return added;
}

/**
 * Once the login shows (the intro is gone) and the browser is idle, the signed-in app is fetched
 * (issue 13): after signing in the dashboard needs no download, and the login never waits for it.
 */
export function prefetchSignedInAppWhenIdle(): () => void {
  // The login's own toasts (a refused sign-in, offline) come as the intro leaves (main.tsx).
  return afterStartup(() => void prefetchSignedInApp());
}
