import { deviceLabelOf } from "@mieter-portal/contracts";
import { type PushSupport, pushSupport, subscribeOn } from "@mieter-portal/ui/push/browser";
import { CONSOLE_BASE, PUSH_WORKER_URL } from "@/pwa/push-app";
import { deleteDevice, fetchVapidKey, putSubscription } from "./api";

/**
 * This browser's push subscription in the console (issue 29). The console's own service worker
 * (push only, scope /verwaltung/) is registered only when the staff member turns push on, or at a
 * start on a device that is already subscribed, to renew the subscription. The tenant app's worker
 * (scope /) on the same origin is never used: its subscription is the tenant's.
 *
 * The server's device id is kept with the staff member's id, to mark "dieses Gerät" and to renew
 * only one's own subscription (another staff member on this browser would otherwise take it over).
 */

const DEVICE_ID_KEY = "mp-staff-push-device-id";

export type PushState = "active" | "off" | "blocked" | Exclude<PushSupport, "supported">;

export function storedDeviceId(staffId: string): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DEVICE_ID_KEY) ?? "null") as { staff?: unknown; id?: unknown } | null;
    return kept && typeof kept.id === "string" && kept.staff === staffId ? kept.id : null;
  } catch {
    return null;
  }
}

function storeDeviceId(staffId: string, id: string | null): void {
  try {
    if (id) localStorage.setItem(DEVICE_ID_KEY, JSON.stringify({ staff: staffId, id }));
    else localStorage.removeItem(DEVICE_ID_KEY);
  } catch {
    // Private mode: the list then marks no device as this one.
  }
}

function scopeUrl(): string {
  return new URL(CONSOLE_BASE, window.location.origin).href;
}

/** The console's own registration, never the tenant app's (getRegistration answers the closest scope). */
async function consoleRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration(scopeUrl());
  return registration?.scope === scopeUrl() ? registration : null;
}

/** Registers (or updates) the push worker and waits until it is active: subscribe() needs an active worker. */
async function registerWorker(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: CONSOLE_BASE });
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  if (worker) {
    await new Promise<void>((resolve) => {
      const check = () => {
        if (worker.state === "activated" || worker.state === "redundant") {
          worker.removeEventListener("statechange", check);
          resolve();
        }
      };
      worker.addEventListener("statechange", check);
      check();
    });
  }
  return registration;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "supported") return null;
  const registration = await consoleRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function register(staffId: string, subscription: PushSubscription): Promise<string> {
  const device = await putSubscription({ ...subscription.toJSON(), label: deviceLabelOf(navigator.userAgent) });
  storeDeviceId(staffId, device.id);
  return device.id;
}

/** What the Profil shows for this device. */
export async function pushState(staffId: string): Promise<PushState> {
  const support = pushSupport();
  if (support !== "supported") return support;
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) && storedDeviceId(staffId) ? "active" : "off";
}

/**
 * After the staff member's tap: asks for permission, registers the push worker, subscribes with
 * the server's VAPID key and registers the subscription. Answers the state afterwards.
 */
export async function enablePush(staffId: string): Promise<PushState> {
  const support = pushSupport();
  if (support !== "supported") return support;
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const registration = await registerWorker();
  await register(staffId, await subscribeOn(registration, fetchVapidKey));
  return "active";
}

/**
 * At every console start: when the permission is granted and this browser holds this staff
 * member's subscription, update the worker and PUT the subscription again, so the server renews it
 * (or learns a changed one). Never throws: the console works without push.
 */
export async function renewPushSubscription(staffId: string): Promise<void> {
  try {
    if (pushSupport() !== "supported" || Notification.permission !== "granted") return;
    if (!storedDeviceId(staffId) || !(await consoleRegistration())) return;
    const registration = await registerWorker();
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) await register(staffId, subscription);
  } catch (error) {
    console.warn("[push] Erneuern fehlgeschlagen", error);
  }
}

/** After "Entfernen" of this device in the list: the browser's subscription goes too. */
export async function forgetThisDevice(staffId: string): Promise<void> {
  storeDeviceId(staffId, null);
  await currentSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

/**
 * At sign-out, with the token still accepted: DELETE this device on the server and drop the
 * browser's subscription, so whoever signs in next on this browser does not get this staff
 * member's pushes. Never throws: the sign-out goes on regardless.
 */
export async function removeThisDevice(staffId: string): Promise<void> {
  const id = storedDeviceId(staffId);
  if (!id) return;
  await deleteDevice(id).catch(() => undefined);
  await forgetThisDevice(staffId);
}
