import {
  type BuildingSiteRequest,
  buildingSite,
  type ServicePlanChangeRequest,
  type ServicePlanRequest,
  serviceKind,
  type serviceKindRequest,
} from "@mieter-portal/contracts/services";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiPost, apiPut } from "@/lib/api-client";

type ServiceKindRequest = z.output<typeof serviceKindRequest>;

const created = z.object({ id: z.string() });

function useServicesWrite<TVars, TResult>(key: string, fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "services", key],
    mutationFn: fn,
    meta: { inlineErrors: true },
    // Plans make and withdraw Einsätze: the week overview follows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["staff", "services"] }),
  });
}

export const useAddServiceKind = () =>
  useServicesWrite("add-kind", (body: ServiceKindRequest) => apiPost("/staff/services/kinds", serviceKind, body));

export const useCreateServicePlan = () =>
  useServicesWrite("create-plan", (body: ServicePlanRequest) => apiPost("/staff/service-plans", created, body));

export const useChangeServicePlan = () =>
  useServicesWrite("change-plan", ({ id, ...body }: ServicePlanChangeRequest & { id: string }) =>
    apiPost(`/staff/service-plans/${id}/change`, created, body),
  );

export const useEndServicePlan = () =>
  useServicesWrite("end-plan", ({ id, last_day }: { id: string; last_day: string }) =>
    apiPost(`/staff/service-plans/${id}/end`, z.undefined(), { last_day }),
  );

export const useSetBuildingSite = () =>
  useServicesWrite("site", ({ buildingId, ...body }: BuildingSiteRequest & { buildingId: string }) =>
    apiPut(`/staff/buildings/${buildingId}/site`, buildingSite, body),
  );
