import type { RepairRequest } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { repairTexts } from "../texts";
import { repairsQueryKey } from "./get-repairs";

/** POST repairs (JSON, up to 3 photos as data URLs); the list is refetched afterwards. */
export function reportRepairVariables(request: RepairRequest) {
  return apiMutation("POST", "/api/v1/tenant/repairs", request, [repairsQueryKey]);
}

export function useReportRepair() {
  const t = repairTexts.form;
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.repairs.create,
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: t.errorTitle,
      errorDescription: t.errorDescription,
    },
  });
}
