import { financesResponse } from "@mieter-portal/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineRead } from "@/lib/reads";
import { financeTexts } from "../texts";

export const financesQueryKey = (year: number) => [apiPaths.finances, { year }] as const;

const readFinances = defineRead({ resource: financeTexts.resource, response: financesResponse });

/** GET /api/v1/tenant/finances?year=: rent, years with payments, that year's payments, open invoices. */
export function getFinancesQueryOptions(year: number) {
  return queryOptions({
    queryKey: financesQueryKey(year),
    queryFn: readFinances,
    // The rent card and open invoices stay while another year loads.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
