import type { DocumentPublication } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery } from "@tanstack/react-query";
import { EmptyState, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { publicationsQueryOptions } from "@/features/documents/api";
import { PublishDocumentForm } from "@/features/documents/components/publish-form";
import { formatDateTime, formatNumber } from "@/lib/format";
import { DOCUMENT_TYPE_LABELS } from "@/lib/labels";

function recipients(p: DocumentPublication): string {
  if (p.audience === "all") return "Alle Mieter";
  if (p.audience === "building") return p.building?.name ?? "Gebäude";
  return p.tenant?.name ?? "Mieter";
}

const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

function Publications() {
  const publications = useInfiniteQuery(publicationsQueryOptions());
  const items = publications.data?.pages.flatMap((p) => p.items) ?? [];
  if (publications.isPending) return <Loading />;
  if (publications.isError) return <LoadError error={publications.error} onRetry={() => publications.refetch()} />;
  if (items.length === 0) return <EmptyState>Noch nichts veröffentlicht.</EmptyState>;
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">Veröffentlichte Dokumente</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="p-2 font-medium">
                Titel
              </th>
              <th scope="col" className="p-2 font-medium">
                Empfänger
              </th>
              <th scope="col" className="p-2 text-right font-medium">
                Mieter
              </th>
              <th scope="col" className="p-2 font-medium">
                Datei
              </th>
              <th scope="col" className="p-2 font-medium">
                Veröffentlicht
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id} className="border-b border-border last:border-b-0" data-testid="publication">
                <td className="p-2">
                  <div className="font-medium break-words">{p.title}</div>
                  <div className="text-muted-foreground">{DOCUMENT_TYPE_LABELS[p.type]}</div>
                </td>
                <td className="p-2">{recipients(p)}</td>
                <td className="p-2 text-right tabular-nums">{p.recipient_count}</td>
                <td className="p-2">
                  <div className="break-all">{p.filename}</div>
                  <div className="text-muted-foreground">{fileSize(p.file_size)}</div>
                </td>
                <td className="p-2">
                  {formatDateTime(p.created_at)}
                  {p.created_by ? <div className="text-muted-foreground">{p.created_by.name}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {publications.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            disabled={publications.isFetchingNextPage}
            onClick={() => publications.fetchNextPage()}
          >
            {publications.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function Component() {
  useDocumentTitle("Dokumente");
  return (
    <RequireCapability capability="documents">
      <PageHeader
        title="Dokumente"
        description="Ein Dokument an einen Mieter, ein Gebäude oder alle Mieter: sie finden es in ihrer App unter seiner Art."
      />
      <div className="grid gap-6">
        <Section title="Dokument veröffentlichen" headingId="publish-title">
          <PublishDocumentForm />
        </Section>
        <Section title="Veröffentlicht" headingId="publications-title">
          <Publications />
        </Section>
      </div>
    </RequireCapability>
  );
}
