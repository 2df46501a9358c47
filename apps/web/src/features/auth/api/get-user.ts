import { user } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";

export const userQueryKey = ["/api/v1/auth/user"] as const;

const fetchUser = getQueryFn<unknown>({ on401: "throw" });

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async (context) => user.parse(await fetchUser(context)),
  });
}
