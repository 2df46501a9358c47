/**
 * A browser with Web Push for the tests (imported by *.test.* only): jsdom has no service worker,
 * PushManager or Notification. The fake keeps a permission and one subscription as a browser does.
 */
import { vi } from "vitest";

export const FAKE_SUBSCRIPTION_JSON = {
  endpoint: "https://push.example/send/abc",
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
};

export interface FakePushBrowser {
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  setSubscribed(on: boolean): void;
}

export function installPushBrowser({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  subscribed = false,
} = {}): FakePushBrowser {
  let current = permission;
  let hasSubscription = subscribed;
  const unsubscribe = vi.fn(async () => {
    hasSubscription = false;
    return true;
  });
  const subscription = { toJSON: () => FAKE_SUBSCRIPTION_JSON, unsubscribe };
  const subscribe = vi.fn(async () => {
    hasSubscription = true;
    return subscription;
  });
  const pushManager = { getSubscription: async () => (hasSubscription ? subscription : null), subscribe };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    current = answer;
    return current;
  });
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal(
    "Notification",
    Object.assign(function Notification() {}, {
      requestPermission,
      get permission() {
        return current;
      },
    }),
  );
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { requestPermission, subscribe, unsubscribe, setSubscribed: (on) => (hasSubscription = on) };
}

export function removePushBrowser(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  localStorage.clear();
}
