import { giroCode } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as sepaPaths from "@/config/api-paths-sepa";
import { defineRead } from "@/lib/reads";
import { directDebitTexts } from "../direct-debit-texts";

const readGiroCode = defineRead({ resource: directDebitTexts.giroCodeResource, response: giroCode });

/** GET /api/v1/tenant/payments/:id/girocode: the EPC QR code (SVG) and the transfer's data of an open charge. */
export function getGiroCodeQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: [sepaPaths.giroCode(paymentId)] as const,
    queryFn: readGiroCode,
    // Amount and account do not change while the tenant looks at it.
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}
