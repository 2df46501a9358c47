import type { DocumentType, TenantDocument } from "@mieter-portal/contracts";
import {
  Calculator,
  ExternalLink,
  FileSignature,
  FileUser,
  LoaderCircle,
  type LucideIcon,
  ReceiptText,
  ScrollText,
} from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiRequestError } from "@/lib/api/errors";
import { DocumentNotCachedError } from "@/lib/document-cache";
import { formatFileSize, formatShortDate } from "@/lib/format";
import { openDocumentInNewTab } from "../api/download-document";
import { fileTypeLabel } from "../document-list";
import { documentTexts, documentTypeLabels } from "../texts";

const TYPE_ICONS: Record<DocumentType, LucideIcon> = {
  contract: FileSignature,
  house_rules: ScrollText,
  receipt: ReceiptText,
  utility: Calculator,
  personal: FileUser,
};

export function DocumentRow({ document }: { document: TenantDocument }) {
  const [opening, setOpening] = useState(false);
  const Icon = TYPE_ICONS[document.type] ?? FileUser;

  const open = () => {
    setOpening(true);
    openDocumentInNewTab(document.file_url, {
      loadingText: documentTexts.downloadPending,
      fallbackName: document.title,
    })
      .catch((error: unknown) => {
        // A rejected session is handled by the auth layer.
        if (error instanceof ApiRequestError && error.status === 401) return;
        toast({
          variant: "destructive",
          title: documentTexts.downloadErrorTitle,
          description:
            error instanceof ApiRequestError && error.apiMessage
              ? error.apiMessage
              : error instanceof DocumentNotCachedError
                ? error.message
                : documentTexts.downloadErrorDescription,
        });
      })
      .finally(() => setOpening(false));
  };

  return (
    <li className="flex items-center gap-3 py-3" data-testid="document-row">
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground"
        title={documentTypeLabels[document.type]}
      >
        <Icon className="size-5" aria-hidden="true" />
        <span className="sr-only">{documentTypeLabels[document.type]}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold break-words hyphens-auto" data-testid="document-title">
          {document.title}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span data-testid="document-file-type">
            <span className="sr-only">{documentTexts.fileType}: </span>
            {fileTypeLabel(document.file_type)}
          </span>
          <span aria-hidden="true">·</span>
          <span data-testid="document-size" className="whitespace-nowrap">
            <span className="sr-only">{documentTexts.size}: </span>
            {formatFileSize(document.file_size)}
          </span>
          <span aria-hidden="true">·</span>
          <span data-testid="document-date" className="whitespace-nowrap">
            <span className="sr-only">{documentTexts.uploadedOn} </span>
            {formatShortDate(document.uploaded_at)}
          </span>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="max-sm:w-9 max-sm:px-0"
        onClick={open}
        disabled={opening}
        aria-busy={opening || undefined}
        aria-label={documentTexts.downloadLabel(document.title)}
      >
        {opening ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ExternalLink aria-hidden="true" />}
        {/* Icon only on phones: the title needs the width; the name comes from aria-label. */}
        <span className="hidden sm:inline">{documentTexts.download}</span>
      </Button>
    </li>
  );
}
