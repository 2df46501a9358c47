import { pushDeviceList, type TenantNotifyPreferencesUpdate, tenantNotifyPreferences } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { defineChange } from "@/lib/changes";
import * as pushPaths from "@/lib/push/api-paths";
import { defineRead } from "@/lib/reads";
import { pushTexts } from "./texts";

/** Per event: e-mail and push (GET/PUT tenant/push/preferences). */
export const notifyPreferencesQueryKey = [pushPaths.pushPreferences] as const;
export const pushDevicesQueryKey = [pushPaths.pushDevices] as const;

export function notifyPreferencesQueryOptions() {
  return queryOptions({
    queryKey: notifyPreferencesQueryKey,
    queryFn: defineRead({ resource: pushTexts.resource, response: tenantNotifyPreferences }),
    meta: { silent: true },
  });
}

export function pushDevicesQueryOptions() {
  return queryOptions({
    queryKey: pushDevicesQueryKey,
    queryFn: defineRead({ resource: pushTexts.devicesResource, response: pushDeviceList }),
    meta: { silent: true },
  });
}

/** One switch's change; offline it waits in the queue like the e-mail switch. */
export const updateNotifyPreferences = defineChange({
  key: ["api", "push-preferences", "update"],
  method: "PUT",
  url: () => pushPaths.pushPreferences,
  body: (update: TenantNotifyPreferencesUpdate) => update,
  refresh: () => [notifyPreferencesQueryKey],
  describe: (update) => ({ label: pushTexts.queueLabel(update) }),
  response: tenantNotifyPreferences,
});

/** "Entfernen" in "Meine Geräte" (204). */
export const removePushDevice = defineChange({
  key: ["api", "push-devices", "remove"],
  method: "DELETE",
  url: (deviceId: string) => pushPaths.pushDevice(deviceId),
  refresh: () => [pushDevicesQueryKey],
  describe: () => ({ label: pushTexts.removeQueued }),
  response: z.unknown(),
});
