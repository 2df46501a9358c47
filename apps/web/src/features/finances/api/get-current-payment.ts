import { currentPaymentResponse } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";

export const currentPaymentQueryKey = ["/api/tenant/payments/current"] as const;

const fetchCurrentPayment = getQueryFn<unknown>({ on401: "throw" });

export function getCurrentPaymentQueryOptions() {
  return queryOptions({
    queryKey: currentPaymentQueryKey,
    queryFn: async (context) => currentPaymentResponse.parse(await fetchCurrentPayment(context)),
  });
}
