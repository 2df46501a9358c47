/**
 * Runs before the app's JavaScript has arrived: index.html loads it async beside the entry (issue
 * 13, decision 016). When this device holds a session that has not expired, the signed-in first
 * screen's JavaScript (listed by the build in a meta tag) is requested now, beside the entry,
 * instead of after it has been downloaded and has read the session. Without one nothing happens:
 * a signed-out start loads only what the login needs. Stands alone (imports nothing).
 */
const TOKEN_KEY = "mieter_portal_auth_token";
const PUBLIC = ["/login", "/forgot-password", "/reset-password", "/einladung"];

function sessionHeld(now: number): boolean {
  const token = window.localStorage.getItem(TOKEN_KEY);
  const payload = token?.split(".")[1];
  if (!payload) return false;
  const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
  return typeof claims.exp === "number" && claims.exp * 1000 > now;
}

function preloadFirstScreen(): void {
  try {
    const path = window.location.pathname.replace(/\/+$/, "") || "/";
    if (PUBLIC.includes(path) || !sessionHeld(Date.now())) return;
    const list = document.querySelector<HTMLMetaElement>('meta[name="mp-signed-in-prefetch"]')?.content ?? "";
    for (const href of list.split(/\s+/).filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // No storage, a token that is not one: the app finds out itself.
  }
}

// After the intro's first paint: nothing may hold that up.
requestAnimationFrame(() => setTimeout(preloadFirstScreen, 0));
