import { useQuery } from "@tanstack/react-query";
import { EmptyState, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { creditorQueryOptions } from "@/features/sepa/api";
import { CreditorDetails, CreditorForm } from "@/features/sepa/components/creditor-form";
import { SepaTabs } from "@/features/sepa/components/sepa-tabs";
import { useMe } from "@/lib/me";

function Creditor() {
  const me = useMe();
  const creditor = useQuery(creditorQueryOptions());
  const settings = creditor.data?.settings ?? null;
  return (
    <>
      <PageHeader
        title="Lastschrift"
        description="Die Gläubigerdaten stehen in jeder pain.008-Datei und auf jedem Mandat."
      />
      <SepaTabs />
      <Section title="Gläubigerdaten">
        {creditor.isPending ? (
          <Loading />
        ) : creditor.isError ? (
          <LoadError error={creditor.error} onRetry={() => creditor.refetch()} />
        ) : me.role === "administrator" ? (
          <CreditorForm settings={settings} />
        ) : settings ? (
          <div className="grid gap-3">
            <CreditorDetails settings={settings} />
            <p className="text-sm text-muted-foreground">Ändern können sie nur Administratoren.</p>
          </div>
        ) : (
          <EmptyState>Noch keine Gläubigerdaten. Ein Administrator trägt sie hier ein.</EmptyState>
        )}
      </Section>
    </>
  );
}

export function Component() {
  useDocumentTitle("Gläubigerdaten");
  return (
    <FinanceOnly>
      <Creditor />
    </FinanceOnly>
  );
}
