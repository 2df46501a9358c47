import { PageHeader, useDocumentTitle } from "@/components/page";
import { StatementImport } from "@/features/ledger/components/statement-import";
import { FinanceOnly } from "@/features/ledger/finance-only";
import { LedgerTabs } from "@/features/ledger/ledger-tabs";

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
