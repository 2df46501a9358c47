import { tenantServices } from "@mieter-portal/contracts/services";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineRead } from "@/lib/reads";
import { serviceTexts } from "../texts";

/**
 * GET /tenant/services: the services the management shows for the tenant's house, each with when
 * it was last done and when it is next planned. Cached (and persisted for offline use) like every
 * read; the dashboard's line asks for it only after the first screen (it is not an early read).
 */
const readServices = defineRead({ resource: serviceTexts.resource, response: tenantServices });

export function getServicesQueryOptions() {
  return queryOptions({ queryKey: [apiPaths.services], queryFn: readServices });
}
