import { documentList } from "@mieter-portal/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { documentTexts } from "../texts";

/** Prefix of the documents list's cache: an upload refreshes it. */
export const documentsQueryKey = [apiPaths.documents] as const;

/** The tenant's documents, newest first, page by page (decision 007). */
export function getDocumentsQueryOptions() {
  return {
    ...pagedListQueryOptions(
      pagedListKey(apiPaths.documents),
      (items) => documentList.parse(items),
      documentTexts.resource,
    ),
    // The screen shows its own error view with a retry button instead of a toast.
    meta: { silent: true },
  };
}

export function useDocuments() {
  return useInfiniteQuery(getDocumentsQueryOptions());
}
