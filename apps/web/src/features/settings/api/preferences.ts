import { type TenantPreferences, tenantPreferences } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { defineRead } from "@/lib/reads";
import { settingsTexts } from "../texts";

/** The tenant's notification preference on the server: e-mails about the management's answers. */
export const preferencesQueryKey = [apiPaths.preferences] as const;

const readPreferences = defineRead({ resource: settingsTexts.resource, response: tenantPreferences });

export function getPreferencesQueryOptions() {
  return queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: readPreferences,
    // The switch shows the failure itself.
    meta: { silent: true },
  });
}

/** PUT preferences; offline it waits in the queue like every change of the tenant's data. */
export const updatePreferences = defineChange({
  key: ["api", "preferences", "update"],
  method: "PUT",
  url: () => apiPaths.preferences,
  body: (preferences: TenantPreferences) => preferences,
  refresh: () => [preferencesQueryKey],
  describe: (preferences) => ({ label: settingsTexts.queue.emailNotifications(preferences.email_notifications) }),
  response: tenantPreferences,
});

export function useUpdatePreferences(meta: { errorTitle: string; errorDescription: string }) {
  return useChange(updatePreferences, {
    // The switch says itself that a change made offline is sent later (spec toast, own text).
    meta: { ...meta, offlineNotice: false },
  });
}
