import { auditPage } from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiGet, queryString } from "@/lib/api-client";

export interface AuditFilters {
  staff: string;
  entity_type: string;
  action: string;
  from: string;
  to: string;
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ["staff", "audit", filters],
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/staff/audit${queryString({ ...filters, limit: 50, cursor: pageParam })}`, auditPage, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The list's filters from the address ("" where none is set). */
export function auditFiltersFrom(search: URLSearchParams): AuditFilters {
  const get = (key: keyof AuditFilters) => search.get(key) ?? "";
  return {
    staff: get("staff"),
    entity_type: get("entity_type"),
    action: get("action"),
    from: get("from"),
    to: get("to"),
  };
}
