import { type TenantPreferences, tenantPreferences } from "@mieter-portal/contracts";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";

/** The tenant's notification preference on the server: e-mails about the management's answers. */
export const preferencesQueryKey = ["/api/v1/tenant/preferences"] as const;

const fetchPreferences = getQueryFn<unknown>({ on401: "throw" });

export function getPreferencesQueryOptions() {
  return queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: async (context): Promise<TenantPreferences> => tenantPreferences.parse(await fetchPreferences(context)),
    // The switch shows the failure itself.
    meta: { silent: true },
  });
}

/** PUT preferences; offline it waits in the queue like every change of the tenant's data. */
export function updatePreferencesVariables(preferences: TenantPreferences) {
  return apiMutation("PUT", "/api/v1/tenant/preferences", preferences, [preferencesQueryKey]);
}

export function useUpdatePreferences(meta: { errorTitle: string; errorDescription: string }) {
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.preferences.update,
    // The switch says itself that a change made offline is sent later (spec toast, own text).
    meta: { ...meta, offlineNotice: false },
  });
}
