import { tenantDirectDebitResponse } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as sepaPaths from "@/config/api-paths-sepa";
import { defineRead } from "@/lib/reads";
import { directDebitTexts } from "../direct-debit-texts";

export const directDebitQueryKey = [sepaPaths.directDebit] as const;

const readDirectDebit = defineRead({ resource: directDebitTexts.resource, response: tenantDirectDebitResponse });

/** GET /api/v1/tenant/finances/direct-debit: the mandate (IBAN masked), a pending change request, how to change. */
export function getDirectDebitQueryOptions() {
  return queryOptions({ queryKey: directDebitQueryKey, queryFn: readDirectDebit, meta: { silent: true } });
}
