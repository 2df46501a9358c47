import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { paths } from "@/config/paths";
import { getCurrentPaymentQueryOptions } from "@/features/finances/api/get-current-payment";
import { getFinancesQueryOptions } from "@/features/finances/api/get-finances";
import { MandateCard } from "@/features/finances/components/mandate-card";
import { OpenInvoices } from "@/features/finances/components/open-invoices";
import { OverdueCard } from "@/features/finances/components/overdue-card";
import { PaymentHistory } from "@/features/finances/components/payment-history";
import { RentCard } from "@/features/finances/components/rent-card";
import { yearOptions } from "@/features/finances/finance-years";
import { overduePayments } from "@/features/finances/overdue";
import { financeTexts } from "@/features/finances/texts";
import { berlinCalendarDay } from "@/lib/format";
import { LoadingState } from "../loading-state";

function currentBerlinYear(): number {
  return berlinCalendarDay(new Date())?.year ?? new Date().getFullYear();
}

export function Component() {
  const [currentYear] = useState(currentBerlinYear);
  const [year, setYear] = useState(currentYear);
  const finances = useQuery(getFinancesQueryOptions(year));
  // The "Überfällig" card reads this year's charges and the earliest unpaid one (last December's in January).
  const thisYear = useQuery(getFinancesQueryOptions(currentYear));
  const current = useQuery(getCurrentPaymentQueryOptions());

  if (finances.isPending) return <LoadingState text={financeTexts.loading} />;

  const data = finances.data;
  const overdue = overduePayments(thisYear.data?.year === currentYear ? thisYear.data.payments : [], current.data);
  const byDirectDebit = data?.rent.payment_method === "sepa_direct_debit";
  return (
    <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
      <h1 className="text-2xl font-bold md:col-span-2">{paths.finances.title}</h1>
      {finances.isError && !data ? (
        <div className="md:col-span-2">
          <QueryErrorAlert
            error={finances.error}
            variant="panel"
            title={financeTexts.loadError}
            advice={financeTexts.loadErrorHint}
            onRetry={() => void finances.refetch()}
            retrying={finances.isFetching}
          />
        </div>
      ) : null}
      {data ? (
        <>
          {/* Phones: overdue, rent, mandate, history, invoices. Wide screens: invoices beside the rent card. */}
          {overdue.length > 0 ? (
            <div className="md:order-1 md:col-span-2">
              <OverdueCard payments={overdue} />
            </div>
          ) : null}
          <div className="md:order-2 md:h-full [&>section]:h-full">
            <RentCard rent={data.rent} />
          </div>
          {byDirectDebit ? (
            <div className="md:order-4 md:col-span-2">
              <MandateCard />
            </div>
          ) : null}
          <div className="md:order-5 md:col-span-2">
            <PaymentHistory
              year={year}
              years={yearOptions(data.years, currentYear)}
              payments={data.year === year ? data.payments : []}
              updating={finances.isPlaceholderData}
              onYearChange={setYear}
            />
          </div>
          <div className="md:order-3 md:h-full [&>section]:h-full">
            <OpenInvoices invoices={data.open_invoices} />
          </div>
        </>
      ) : null}
    </div>
  );
}
