/**
 * What the tenant app's service worker shows for a push and where a click on it leads (issue 29):
 * the shared functions (packages/ui push/notification) with the tenant app's fallback title, icon
 * and base. Pure and never throwing: every push shows a notification, or iOS revokes the subscription.
 */
import { type PushApp, pushNotifications } from "@mieter-portal/ui/push/notification";

/** Shown when a push cannot be read: never a silent push. */
export const PUSH_FALLBACK_TITLE = "Neue Nachricht von Ihrer Hausverwaltung";

export const TENANT_PUSH_APP: PushApp = { fallbackTitle: PUSH_FALLBACK_TITLE, icon: "/pwa-192x192.png", base: "/" };

export const { notificationFromPush, appPath, clickTarget } = pushNotifications(TENANT_PUSH_APP);
