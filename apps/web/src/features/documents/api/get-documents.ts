import { documentList } from "@mieter-portal/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";

const DOCUMENTS_PATH = "/api/v1/tenant/documents";

/** Prefix of the documents list's cache: an upload refreshes it. */
export const documentsQueryKey = [DOCUMENTS_PATH] as const;

/** The tenant's documents, newest first, page by page (decision 007). */
export function getDocumentsQueryOptions() {
  return {
    ...pagedListQueryOptions(pagedListKey(DOCUMENTS_PATH), (items) => documentList.parse(items)),
    // The screen shows its own error view with a retry button instead of a toast.
    meta: { silent: true },
  };
}

export function useDocuments() {
  return useInfiniteQuery(getDocumentsQueryOptions());
}
