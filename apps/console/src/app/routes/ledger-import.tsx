import { PageHeader, useDocumentTitle } from "@/components/page";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { LedgerTabs } from "@/features/ledger/components/ledger-tabs";
import { StatementImport } from "@/features/ledger/components/statement-import";

export function Component() {
  useDocumentTitle("Kontoauszug importieren");
  return (
    <FinanceOnly>
      <PageHeader
        title="Finanzen"
        description="Kontoauszug als CAMT.053 (XML) oder CSV: erst prüfen, dann buchen. Jede Buchung wird nur einmal gebucht – auch wenn derselbe Zeitraum ein zweites Mal oder in einem anderen Format eingelesen wird."
      />
      <LedgerTabs />
      <StatementImport />
    </FinanceOnly>
  );
}
