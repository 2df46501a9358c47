/**
 * A browser with Web Push for the apps' unit tests (imported by *.test.* only): jsdom has no
 * service worker, PushManager or Notification. The fake keeps a permission, service worker
 * registrations by scope and one subscription as a browser does, and records what was asked of it.
 * No test library here: call removePushBrowser() after each test.
 */

export const FAKE_SUBSCRIPTION_JSON = {
  endpoint: "https://push.example/send/abc",
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
};

export interface FakePushBrowser {
  /** How often Notification.requestPermission() was called. */
  permissionRequests(): number;
  /** The options of each pushManager.subscribe(). */
  readonly subscribeOptions: PushSubscriptionOptionsInit[];
  /** How often the subscription was unsubscribed. */
  unsubscribes(): number;
  /** The script URLs and scopes of navigator.serviceWorker.register(). */
  readonly registered: { script: string; scope: string }[];
  setSubscribed(on: boolean): void;
}

const STUBBED = ["PushManager", "Notification"] as const;
let restore: (() => void) | null = null;

export function installPushBrowser({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  subscribed = false,
  /** The scope of a registration that exists before the test: the page's origin's root by default. */
  scope = `${window.location.origin}/`,
} = {}): FakePushBrowser {
  removePushBrowser();
  let current = permission;
  let hasSubscription = subscribed;
  let permissionRequests = 0;
  let unsubscribes = 0;
  const subscribeOptions: PushSubscriptionOptionsInit[] = [];
  const registered: { script: string; scope: string }[] = [];
  const subscription = {
    endpoint: FAKE_SUBSCRIPTION_JSON.endpoint,
    toJSON: () => FAKE_SUBSCRIPTION_JSON,
    unsubscribe: async () => {
      unsubscribes++;
      hasSubscription = false;
      return true;
    },
  };
  const pushManager = {
    getSubscription: async () => (hasSubscription ? subscription : null),
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      subscribeOptions.push(options);
      hasSubscription = true;
      return subscription;
    },
  };
  const registrationFor = (registrationScope: string) => ({
    scope: registrationScope,
    active: { state: "activated" },
    installing: null,
    waiting: null,
    pushManager,
  });
  const registrations = new Map([[scope, registrationFor(scope)]]);
  const matching = (url: string) =>
    [...registrations.values()]
      .filter((registration) => url.startsWith(registration.scope))
      .sort((a, b) => b.scope.length - a.scope.length)[0];
  const globals = globalThis as Record<string, unknown>;
  const saved = STUBBED.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  globals.PushManager = function PushManager() {};
  globals.Notification = Object.assign(function Notification() {}, {
    requestPermission: async () => {
      permissionRequests++;
      current = answer;
      return current;
    },
    get permission() {
      return current;
    },
  });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      get ready() {
        return Promise.resolve(matching(window.location.href) ?? registrationFor(scope));
      },
      getRegistration: async (url = window.location.href) => matching(new URL(url, window.location.href).href),
      register: async (script: string, options: { scope?: string } = {}) => {
        const absolute = new URL(options.scope ?? "./", new URL(script, window.location.href)).href;
        registered.push({ script, scope: absolute });
        const registration = registrations.get(absolute) ?? registrationFor(absolute);
        registrations.set(absolute, registration);
        return registration;
      },
    },
  });
  restore = () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
    Reflect.deleteProperty(navigator, "serviceWorker");
  };
  return {
    permissionRequests: () => permissionRequests,
    subscribeOptions,
    unsubscribes: () => unsubscribes,
    registered,
    setSubscribed: (on) => {
      hasSubscription = on;
    },
  };
}

/** Takes the fake away again (and the test's localStorage with it). */
export function removePushBrowser(): void {
  restore?.();
  restore = null;
  localStorage.clear();
}
