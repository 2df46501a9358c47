/**
 * The signed-in start, before the app's JavaScript has arrived (issue 13, decision 022): loaded by
 * src/start-hint.ts when the device holds a session. It sends the first screen's reads and asks
 * for its JavaScript at once, beside the entry, instead of after the entry has been downloaded and
 * has read the session; on a slow phone that is a second earlier. The app takes the answers
 * (lib/early-reads: adoptStartReads) as if it had sent the reads itself, and sends only those
 * missing. The build lists the reads and the files in the meta tag `mp-signed-in-start`
 * (vite.config.ts, from src/app/start-up.ts). Stands alone (imports nothing).
 *
 * Nothing is sent when the token has expired, when the tenant switched the app offline (the app
 * mirrors that flag into browser storage; without the mirror nothing is sent either), when the
 * browser is offline, or when the app has already started its own reads.
 */
const TOKEN_KEY = "mieter_portal_auth_token";
const OFFLINE_KEY = "mieter_portal_offline_mode";

/** [path as the app's queries name it, token, answer (undefined when the network failed)]. */
type StartRead = [string, string, Promise<Response | undefined>];
type StartWindow = Window & { __mpStartReads?: StartRead[] };

function list(value: string | undefined): string[] {
  return (value ?? "").split(/\s+/).filter(Boolean);
}

function sessionHeld(token: string): boolean {
  const payload = token.split(".")[1];
  if (!payload) return false;
  const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
  return typeof claims.exp === "number" && claims.exp * 1000 > Date.now();
}

function sendReads(meta: HTMLMetaElement, token: string): void {
  const w = window as StartWindow;
  // The app started its own reads already, or the tenant works offline.
  if (w.__mpStartReads || window.localStorage.getItem(OFFLINE_KEY) !== "false" || !navigator.onLine) return;
  const path = window.location.pathname.replace(/\/+$/, "") || "/";
  const reads = [...list(meta.dataset.reads), ...(path === "/" ? list(meta.dataset.homeReads) : [])];
  const headers = { "X-API-Key": meta.dataset.key ?? "", Accept: "application/json", Authorization: `Bearer ${token}` };
  w.__mpStartReads = reads.map((read) => {
    const [key = read, url = read] = read.split("|");
    const answer = fetch(url, { headers, credentials: "same-origin" }).catch(() => undefined);
    return [key, token, answer];
  });
}

function preload(meta: HTMLMetaElement): void {
  for (const href of list(meta.content)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

try {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="mp-signed-in-start"]');
  const token = window.localStorage.getItem(TOKEN_KEY);
  if (meta && token && sessionHeld(token)) {
    // The reads first: they are small, and over HTTP/1.1 they would otherwise wait for a connection
    // behind the files.
    sendReads(meta, token);
    preload(meta);
  }
} catch {
  // No storage, a token that is not one: the app finds out itself.
}

// A module (its names are its own), loaded as one.
export {};
