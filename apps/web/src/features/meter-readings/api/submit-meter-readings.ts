import type { MeterReadingSubmission } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { meterTexts } from "../texts";
import { meterCampaignsQueryKey } from "./get-meter-campaigns";
import { meterReadingsQueryKey } from "./get-meter-readings";

/** POST meter-readings (JSON, photos as data URLs); the history and the campaign card are refetched afterwards. */
export function submitMeterReadingsVariables(submission: MeterReadingSubmission) {
  return apiMutation("POST", "/api/v1/tenant/meter-readings", submission, [
    meterReadingsQueryKey,
    meterCampaignsQueryKey,
  ]);
}

export function useSubmitMeterReadings() {
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.meterReadings.create,
    meta: {
      successTitle: meterTexts.successTitle,
      successDescription: meterTexts.successDescription,
      errorTitle: meterTexts.errorTitle,
      errorDescription: meterTexts.errorDescription,
    },
  });
}
