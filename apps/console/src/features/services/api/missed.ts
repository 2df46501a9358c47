import { type serviceMissedCloseRequest, serviceMissedVisit } from "@mieter-portal/contracts/services";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, apiPost, queryString } from "@/lib/api-client";

/** A visit noticed missed (issue 27 §4), open or closed; null when it is not one of my buildings'. */
export const missedVisitQueryOptions = (visitId: string) =>
  queryOptions({
    queryKey: ["staff", "services", "missed", visitId],
    queryFn: async ({ signal }) =>
      (
        await apiGet(`/staff/service-missed${queryString({ visit_id: visitId })}`, z.array(serviceMissedVisit), {
          signal,
        })
      )[0] ?? null,
  });

/** "Erledigt vermerken": what was done about it closes the visit and its Eingang item. */
export function useCloseMissedVisit(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "services", "missed-close", visitId],
    mutationFn: (body: z.output<typeof serviceMissedCloseRequest>) =>
      apiPost(`/staff/service-missed/${visitId}/close`, z.undefined(), body),
    meta: { inlineErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["staff", "services"] }),
        queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] }),
      ]),
  });
}
