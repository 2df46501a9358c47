/**
 * The service worker's push handling (issue 29), built into /push-sw.js by vite.config.ts and
 * loaded by the Workbox service worker with importScripts. It stands alone: the shared handlers
 * (packages/ui push/service-worker) and ./notification's settings are bundled in, no app code.
 */
import { installPushHandlers } from "@mieter-portal/ui/push/service-worker";
import { TENANT_PUSH_APP } from "./notification";

installPushHandlers(self, {
  ...TENANT_PUSH_APP,
  // The tenant app's windows: the staff console and the crews' app share the origin.
  ownsWindow: (pathname) => !/^\/(verwaltung|einsatz)(\/|$)/.test(pathname),
});
