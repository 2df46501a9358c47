import type { TenantDocument } from "@mieter-portal/contracts";
import { Search } from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useState } from "react";
import { PendingChanges } from "@/components/offline/pending-changes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/form-field";
import * as apiPaths from "@/config/api-paths";
import { DOCUMENT_SECTION_ORDER, type DocumentSectionId, filterDocuments, groupDocuments } from "../document-list";
import { documentTexts } from "../texts";
import { DocumentSection } from "./document-section";
import { useDocumentUploader } from "./document-upload";

/**
 * The documents screen with data: search, the three sections and the upload; `more` loads older
 * pages (the search covers the loaded ones, and loading goes on by itself while the end is in view).
 */
export function DocumentsView({ documents, more }: { documents: TenantDocument[]; more?: ReactNode }) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const searching = deferredQuery.trim() !== "";
  const all = groupDocuments(documents);
  const matching = filterDocuments(documents, deferredQuery);
  const shown = groupDocuments(matching);
  const uploader = useDocumentUploader();

  const emptyText = (section: DocumentSectionId) =>
    searching && all[section].length > 0 ? documentTexts.noMatch(deferredQuery.trim()) : documentTexts.empty[section];

  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">{documentTexts.title}</h1>
      {/* A form with role search: the <search> element is too new for older Safari and jsdom. */}
      {/* biome-ignore lint/a11y/useSemanticElements: see above */}
      <form role="search" className="grid gap-1" onSubmit={(event) => event.preventDefault()}>
        <Field id={searchId} label={documentTexts.search} labelClassName="sr-only">
          {(control) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                {...control}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={documentTexts.search}
                autoComplete="off"
                enterKeyHint="search"
                className="pl-10"
              />
            </div>
          )}
        </Field>
        <p aria-live="polite" className="text-xs text-muted-foreground" data-testid="document-search-count">
          {searching ? documentTexts.resultCount(matching.length) : ""}
        </p>
      </form>
      {DOCUMENT_SECTION_ORDER.map((section) => (
        <DocumentSection
          key={section}
          title={documentTexts.sections[section]}
          documents={shown[section]}
          emptyText={emptyText(section)}
          action={section === "mine" ? uploader.button : undefined}
          testId={`document-section-${section}`}
        >
          {section === "mine" ? (
            <>
              {uploader.status}
              <PendingChanges urlPrefix={apiPaths.documents} />
            </>
          ) : null}
        </DocumentSection>
      ))}
      {more}
    </div>
  );
}
