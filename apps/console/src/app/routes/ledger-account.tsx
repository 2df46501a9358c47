import { Badge } from "@mieter-portal/ui/badge";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { DetailList, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { ledgerQueryOptions } from "@/features/ledger/api";
import { AccountYear, YearSelect } from "@/features/ledger/components/account-year";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { PaymentDialog } from "@/features/ledger/components/payment-dialog";
import { ReminderButton } from "@/features/ledger/components/reminder-button";
import { RentChangeDialog } from "@/features/ledger/components/rent-change-dialog";
import { MandatePanel } from "@/features/sepa/components/mandate-panel";
import { formatCalendarDate, formatDateTime, formatMoney } from "@/lib/format";
import { withSearchParam } from "@/lib/search-params";

function Account({ tenancyId }: { tenancyId: string }) {
  const [search, setSearch] = useSearchParams();
  const yearParam = Number(search.get("jahr")) || null;
  const ledger = useQuery({ ...ledgerQueryOptions(tenancyId, yearParam), placeholderData: keepPreviousData });
  if (ledger.isPending) return <Loading />;
  if (ledger.isError) return <LoadError error={ledger.error} onRetry={() => ledger.refetch()} />;
  const { account } = ledger.data;

  return (
    <>
      <PageHeader
        title={`Mietkonto ${account.tenant_name}`}
        back={{ to: paths.ledger, label: "Alle Mietkonten" }}
        actions={
          <>
            <PaymentDialog tenancyId={tenancyId} />
            <RentChangeDialog tenancyId={tenancyId} />
            {account.overdue > 0 ? (
              <ReminderButton
                tenancyId={tenancyId}
                tenantName={account.tenant_name}
                overdue={account.overdue}
                lastReminderAt={ledger.data.last_reminder_at}
              />
            ) : null}
          </>
        }
      />
      <div className="grid gap-4">
        <Section title="Überblick">
          <DetailList
            items={[
              {
                term: "Wohnung",
                value:
                  [account.building_name, account.apartment_number ? `Whg. ${account.apartment_number}` : null]
                    .filter(Boolean)
                    .join(", ") || "Keine Adresse",
              },
              { term: "Zahlungsreferenz", value: <span data-testid="payment-reference">{account.reference}</span> },
              { term: "Monatsmiete", value: formatMoney(account.rent) },
              {
                term: "Überfällig",
                value: account.overdue > 0 ? <Badge tone="danger">{formatMoney(account.overdue)}</Badge> : "Nichts",
              },
              { term: "Offen insgesamt", value: formatMoney(account.open) },
              { term: "Guthaben", value: formatMoney(account.credit) },
              ...(account.end_date ? [{ term: "Mietende", value: formatCalendarDate(account.end_date) }] : []),
              ...(ledger.data.last_reminder_at
                ? [{ term: "Letzte Erinnerung", value: formatDateTime(ledger.data.last_reminder_at) }]
                : []),
            ]}
          />
        </Section>
        <MandatePanel tenancyId={tenancyId} tenantName={account.tenant_name} />
        <YearSelect
          ledger={ledger.data}
          onChange={(y) => setSearch(withSearchParam(search, "jahr", y), { replace: true })}
        />
        <AccountYear ledger={ledger.data} />
      </div>
    </>
  );
}

export function Component() {
  useDocumentTitle("Mietkonto");
  const { id = "" } = useParams();
  return (
    <FinanceOnly>
      <Account tenancyId={id} />
    </FinanceOnly>
  );
}
