import type { StaffTenantDetail, StaffTenantSummary } from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiGet, queryString } from "@/lib/api-client";

export const tenantsQueryOptions = (q: string, building: string | null) =>
  infiniteQueryOptions({
    queryKey: ["staff", "tenants", { q, building }],
    queryFn: ({ pageParam, signal }) =>
      apiGet<{ items: StaffTenantSummary[]; next_cursor: string | null }>(
        `/staff/tenants${queryString({ q, building, limit: 50, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const tenantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "tenant", id],
    queryFn: ({ signal }) => apiGet<StaffTenantDetail>(`/staff/tenants/${id}`, { signal }),
  });
