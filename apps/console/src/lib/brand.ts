import { publicConfig } from "@mieter-portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";

/** The public brand (company name) for the sign-in screen and the reply signature. */
export const brandQueryOptions = () =>
  queryOptions({
    queryKey: ["config"],
    queryFn: ({ signal }) => apiGet("/config", publicConfig, { signal, anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCompanyName(): string {
  return useQuery(brandQueryOptions()).data?.brand.companyName ?? "";
}
