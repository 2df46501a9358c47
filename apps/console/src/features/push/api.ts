import {
  pushDeliveryOverview,
  pushDevice,
  pushDeviceList,
  type StaffPushPreferences,
  type StaffPushPreferencesUpdate,
  staffPushPreferences,
  vapidPublicKeyAnswer,
} from "@mieter-portal/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiDelete, apiGet, apiPut } from "@/lib/api-client";

/** Web Push for staff (issue 29): the server's routes below /api/v1/staff/push. */
const PUSH = "/staff/push";

const preferencesKey = ["staff", "push", "preferences"] as const;
const devicesKey = ["staff", "push", "devices"] as const;

export const pushPreferencesQueryOptions = () =>
  queryOptions({ queryKey: preferencesKey, queryFn: () => apiGet(`${PUSH}/preferences`, staffPushPreferences) });

export const pushDevicesQueryOptions = () =>
  queryOptions({ queryKey: devicesKey, queryFn: () => apiGet(`${PUSH}/devices`, pushDeviceList) });

/** Administrators only: the pushes of the last 7 days by state, the devices, the newest problems. */
export const pushDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "push", "deliveries"],
    queryFn: () => apiGet(`${PUSH}/deliveries`, pushDeliveryOverview),
  });

/** The VAPID public key: pushManager.subscribe()'s applicationServerKey. */
export async function fetchVapidKey(): Promise<string> {
  return (await apiGet(`${PUSH}/key`, vapidPublicKeyAnswer)).public_key;
}

/** Register or renew this browser's subscription (the same endpoint keeps its id). */
export function putSubscription(subscription: PushSubscriptionJSON & { label: string }) {
  return apiPut(`${PUSH}/subscription`, pushDevice, subscription);
}

export function deleteDevice(id: string) {
  return apiDelete(`${PUSH}/devices/${encodeURIComponent(id)}`, z.unknown());
}

/**
 * One switch's change: shown at once, put back when the server refuses it; the server's answer
 * (all choices) replaces the shown ones.
 */
export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "push", "preferences", "update"],
    mutationFn: (update: StaffPushPreferencesUpdate) => apiPut(`${PUSH}/preferences`, staffPushPreferences, update),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      const previous = queryClient.getQueryData<StaffPushPreferences>(preferencesKey);
      if (previous) {
        queryClient.setQueryData<StaffPushPreferences>(preferencesKey, {
          events: { ...previous.events, ...update.events },
        });
      }
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesKey, context.previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKey, preferences),
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "push", "devices", "remove"],
    mutationFn: (id: string) => deleteDevice(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** After this device was registered: the list shows it. */
export function useRefreshPushDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: devicesKey });
}
