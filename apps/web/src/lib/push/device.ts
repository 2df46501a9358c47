import { pushDevice, vapidPublicKeyAnswer } from "@mieter-portal/contracts";
import { apiRequest, buildHeaders, readJson } from "@/lib/api/request";
import { resolveApiUrl } from "@/lib/api/urls";
import { sessionTenantId } from "@/lib/session";
import * as pushPaths from "./api-paths";

/**
 * This browser's push subscription (issue 29): whether push can work here, asking for permission
 * (only after the tenant's tap), subscribing with the server's VAPID key, registering and renewing
 * the subscription on the server, and removing it at sign-out. The server's device id is kept on
 * the device to mark "dieses Gerät" and to remove it.
 */

const DEVICE_ID_KEY = "mp-push-device-id";

export type PushSupport =
  /** Push works here (the permission may still be asked or refused). */
  | "supported"
  /** iPhone or iPad Safari in a browser tab: push needs the app on the home screen. */
  | "needs-home-screen"
  | "unsupported";

export type PushState = "active" | "off" | "blocked" | "needs-home-screen" | "unsupported";

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

/**
 * The server's id of this device, kept with the tenant who subscribed here: another tenant signed
 * in on this browser neither sees it as theirs nor renews it (the endpoint would become theirs).
 */
export function storedDeviceId(): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DEVICE_ID_KEY) ?? "null") as { tenant?: unknown; id?: unknown } | null;
    const tenant = sessionTenantId();
    return kept && typeof kept.id === "string" && tenant !== null && kept.tenant === tenant ? kept.id : null;
  } catch {
    return null;
  }
}

function storeDeviceId(id: string | null): void {
  try {
    if (id) localStorage.setItem(DEVICE_ID_KEY, JSON.stringify({ tenant: sessionTenantId(), id }));
    else localStorage.removeItem(DEVICE_ID_KEY);
  } catch {
    // Private mode: the list then marks no device as this one.
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "supported") return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What the settings show for this device. */
export async function pushState(): Promise<PushState> {
  const support = pushSupport();
  if (support !== "supported") return support;
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) && storedDeviceId() ? "active" : "off";
}

/** A name for the device list, derived from the browser ("iPhone", "Chrome auf Android"). */
export function deviceLabel(ua: string = navigator.userAgent): string {
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  if (system === "iPhone" || system === "iPad") return system;
  if (browser && system) return `${browser} auf ${system}`;
  return browser ?? system ?? "Browser";
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

/** PUT the subscription (register or renew: the same endpoint keeps its id) and keep the id. */
async function register(subscription: PushSubscription): Promise<string> {
  const res = await apiRequest("PUT", pushPaths.pushSubscription, { ...subscription.toJSON(), label: deviceLabel() });
  const device = pushDevice.parse(await readJson(res));
  storeDeviceId(device.id);
  return device.id;
}

/**
 * After the tenant's tap: asks for permission, subscribes with the server's VAPID key and registers
 * the subscription. Answers the state afterwards ("blocked" when the permission was refused).
 */
export async function enablePush(): Promise<PushState> {
  const support = pushSupport();
  if (support !== "supported") return support;
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const key = vapidPublicKeyAnswer.parse(await readJson(await apiRequest("GET", pushPaths.pushKey)));
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(key.public_key),
    });
  }
  await register(subscription);
  return "active";
}

/**
 * At every app start (after start-up): when the permission is granted and this browser holds a
 * subscription, PUT it again so the server renews it (or learns a changed one).
 */
export async function renewPushSubscription(): Promise<void> {
  if (pushSupport() !== "supported" || Notification.permission !== "granted") return;
  const subscription = await currentSubscription();
  if (!subscription || !storedDeviceId()) return;
  await register(subscription);
}

/**
 * At sign-out, with the token still accepted: DELETE this device on the server, then drop the
 * browser's subscription and the kept id, so the next person signing in on this browser does not
 * take the endpoint over. Never throws: the sign-out goes on regardless.
 */
export async function removeThisDevice(token: string | null): Promise<void> {
  const id = keptDeviceId();
  storeDeviceId(null);
  if (id && token) {
    const headers = buildHeaders(undefined, { withToken: false });
    headers.set("Authorization", `Bearer ${token}`);
    await fetch(resolveApiUrl(pushPaths.pushDevice(id)), {
      method: "DELETE",
      headers,
      credentials: "same-origin",
    }).catch(() => undefined);
  }
  await currentSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

/** The kept id whoever is signed in (at sign-out the session is already gone). */
function keptDeviceId(): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DEVICE_ID_KEY) ?? "null") as { id?: unknown } | null;
    return kept && typeof kept.id === "string" ? kept.id : null;
  } catch {
    return null;
  }
}

/** After "Entfernen" of this device in the list: the browser's subscription goes too. */
export async function forgetThisDevice(): Promise<void> {
  storeDeviceId(null);
  await currentSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
