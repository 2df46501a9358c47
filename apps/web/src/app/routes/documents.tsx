import { useMemo } from "react";
import { LoadMore } from "@/components/load-more/load-more";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { useDocuments } from "@/features/documents/api/get-documents";
import { DocumentsView } from "@/features/documents/components/documents-view";
import { documentTexts } from "@/features/documents/texts";
import { itemsOf } from "@/lib/paged-list";
import { LoadingState } from "../loading-state";

export function Component() {
  const query = useDocuments();
  const documents = useMemo(() => itemsOf(query.data), [query.data]);
  // Data on hand (also after a failed refetch) is shown; otherwise loading or the error view.
  if (query.data) return <DocumentsView documents={documents} more={<LoadMore query={query} />} />;
  if (query.isError || query.fetchStatus === "paused") {
    return (
      <QueryErrorAlert
        error={query.error}
        variant="panel"
        title={documentTexts.loadError}
        advice={documentTexts.loadErrorAdvice}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <LoadingState text={documentTexts.loading} />;
}
