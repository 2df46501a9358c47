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

/**
 * The first Intl formatter of a page loads ICU's data: about 15 ms, 60 ms on a slow phone (4× CPU),
 * which the render showing the dashboard's dates and rents paid inside its one long task. Loaded
 * here while the app's JavaScript is still on its way, that render finds it there (issue 13). One
 * step per task, each below the 50 ms of a long task on such a phone: the locale, the numbers
 * (lib/format's money), the Berlin clock (lib/format's dates).
 */
const INTL_STEPS = [
  () => new Intl.Locale("de-DE").maximize(),
  () => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(0),
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Berlin",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    }).format(0),
];

function loadIntlData(step = 0): void {
  INTL_STEPS[step]?.();
  if (step + 1 < INTL_STEPS.length) setTimeout(() => loadIntlData(step + 1), 0);
}

try {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="mp-signed-in-start"]');
  const token = window.localStorage.getItem(TOKEN_KEY);
  if (meta && token && sessionHeld(token)) {
    // The reads first: they are small, and over HTTP/1.1 they would otherwise wait for a connection
    // behind the files.
    sendReads(meta, token);
    preload(meta);
    // After the requests have gone out: they do not wait for it.
    setTimeout(() => loadIntlData(), 0);
  }
} catch {
  // No storage, a token that is not one: the app finds out itself.
}

// A module (its names are its own), loaded as one.
export {};
