import { documentList } from "@mieter-portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

export const documentsQueryKey = ["/api/v1/tenant/documents"] as const;

const fetchDocuments = getQueryFn<unknown>({ on401: "throw" });

export function getDocumentsQueryOptions() {
  return queryOptions({
    queryKey: documentsQueryKey,
    queryFn: async (context) => documentList.parse(await fetchDocuments(context)),
    // The screen shows its own error view with a retry button instead of a toast.
    meta: { silent: true },
  });
}

export function useDocuments() {
  return useQuery(getDocumentsQueryOptions());
}
