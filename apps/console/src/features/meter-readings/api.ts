import { staffMeterReading } from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api-client";

export const meterReadingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "meter_reading", id],
    queryFn: ({ signal }) => apiGet(`/staff/meter-readings/${id}`, staffMeterReading, { signal }),
  });

export function useReviewReading<TBody>(id: string, action: "accept" | "request-renewal") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "meter_reading", id, action],
    mutationFn: (body: TBody) => apiPost(`/staff/meter-readings/${id}/${action}`, staffMeterReading, body),
    meta: { inlineErrors: action === "request-renewal" },
    onSuccess: (reading) => {
      queryClient.setQueryData(meterReadingQueryOptions(id).queryKey, reading);
      // The inbox and the meter campaigns (the reading's status there) change with the review.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] }),
        queryClient.invalidateQueries({ queryKey: ["staff", "meter_campaigns"] }),
      ]);
    },
  });
}
