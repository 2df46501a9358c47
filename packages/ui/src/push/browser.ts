/**
 * The browser's side of Web Push (issue 29), for the tenant app and the staff console alike:
 * whether push can work here, a name for the device list, and subscribing with the server's VAPID
 * key. Each app keeps its own API calls and its own record of "dieses Gerät".
 */

export type PushSupport =
  /** Push works here (the permission may still be asked or refused). */
  | "supported"
  /** iPhone or iPad Safari in a browser tab: push needs the app on the home screen. */
  | "needs-home-screen"
  | "unsupported";

function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac with touch.
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    standalone || (typeof window.matchMedia === "function" && window.matchMedia("(display-mode: standalone)").matches)
  );
}

export function pushSupport(): PushSupport {
  const apis =
    "serviceWorker" in navigator &&
    typeof window.PushManager === "function" &&
    typeof window.Notification === "function";
  if (isAppleMobile() && !isStandalone()) return "needs-home-screen";
  return apis ? "supported" : "unsupported";
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The registration's subscription, or a new one with the server's VAPID public key (unpadded
 * base64url, asked for only when a new one is needed). Notifications must be granted already.
 */
export async function subscribeOn(
  registration: ServiceWorkerRegistration,
  vapidPublicKey: () => Promise<string>,
): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(await vapidPublicKey()),
  });
}
