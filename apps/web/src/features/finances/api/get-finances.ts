import { financesResponse } from "@mieter-portal/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";

export const financesQueryKey = (year: number) => ["/api/v1/tenant/finances", { year }] as const;

const fetchFinances = getQueryFn<unknown>({ on401: "throw" });

/** GET /api/v1/tenant/finances?year=: rent, years with payments, that year's payments, open invoices. */
export function getFinancesQueryOptions(year: number) {
  return queryOptions({
    queryKey: financesQueryKey(year),
    queryFn: async (context) => financesResponse.parse(await fetchFinances(context)),
    // The rent card and open invoices stay while another year loads.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
