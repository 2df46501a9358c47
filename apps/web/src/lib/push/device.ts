import { deviceLabelOf, pushDevice, vapidPublicKeyAnswer } from "@mieter-portal/contracts";
import { pushSupport, subscribeOn } from "@mieter-portal/ui/push/browser";
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

export type PushState = "active" | "off" | "blocked" | "needs-home-screen" | "unsupported";

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

/** PUT the subscription (register or renew: the same endpoint keeps its id) and keep the id. */
async function register(subscription: PushSubscription): Promise<string> {
  const res = await apiRequest("PUT", pushPaths.pushSubscription, {
    ...subscription.toJSON(),
    label: deviceLabelOf(navigator.userAgent),
  });
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
  const subscription = await subscribeOn(
    registration,
    async () => vapidPublicKeyAnswer.parse(await readJson(await apiRequest("GET", pushPaths.pushKey))).public_key,
  );
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
