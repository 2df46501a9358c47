/**
 * Runs before the app's JavaScript has arrived: the build writes it into index.html, an inline
 * async module beside the entry, which the server's CSP allows by its hash (issue 13, decisions 016,
 * 022 and 025). When this device holds a session, it loads src/start-signed-in.ts
 * (named by the build in a meta tag), which asks for the signed-in first screen's JavaScript and
 * reads beside the entry. Without a session nothing happens: a signed-out start loads only what the
 * login needs, and this file stays as small as it can (it is part of the login's budget).
 * Stands alone (imports nothing): the build writes the public paths in as __PUBLIC_PATHS__, from
 * config/start-up (vite.config.ts: startUpDefine).
 */
const TOKEN_KEY = "mieter_portal_auth_token";
const PUBLIC: readonly string[] = __PUBLIC_PATHS__;

function startSignedIn(): void {
  try {
    const path = window.location.pathname.replace(/\/+$/, "") || "/";
    const script = document.querySelector<HTMLMetaElement>('meta[name="mp-signed-in-start"]')?.dataset.script;
    if (script && !PUBLIC.includes(path) && window.localStorage.getItem(TOKEN_KEY)) {
      import(/* @vite-ignore */ script).catch(() => undefined);
    }
  } catch {
    // No storage: the app finds out itself.
  }
}

// After the intro's first paint: nothing may hold that up.
requestAnimationFrame(() => setTimeout(startSignedIn, 0));

// A module (its names are its own), loaded as one.
export {};
