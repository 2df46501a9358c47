import type { TenantDocument } from "@mieter-portal/contracts";
import { FolderOpen } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { DocumentRow } from "./document-row";

/** One section of the screen: heading, optional action, its documents or an empty line. */
export function DocumentSection({
  title,
  documents,
  emptyText,
  action,
  children,
  testId,
}: {
  title: string;
  documents: TenantDocument[];
  /** Shown when the section has no (matching) documents. */
  emptyText: string;
  /** Control next to the heading (the upload button). */
  action?: ReactNode;
  /** Shown between heading and list (upload progress, messages). */
  children?: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-testid={testId}>
      <CardHeader className="mb-1 flex-wrap">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <FolderOpen className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      {children}
      {documents.length === 0 ? (
        <p className="py-3 text-sm text-muted-foreground" data-testid="document-section-empty">
          {emptyText}
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </ul>
      )}
    </Card>
  );
}
