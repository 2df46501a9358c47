import { currentPaymentResponse } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineRead } from "@/lib/reads";
import { financeTexts } from "../texts";

export const currentPaymentQueryKey = [apiPaths.currentPayment] as const;

const readCurrentPayment = defineRead({ resource: financeTexts.paymentsResource, response: currentPaymentResponse });

export function getCurrentPaymentQueryOptions() {
  return queryOptions({
    queryKey: currentPaymentQueryKey,
    queryFn: readCurrentPayment,
  });
}
