import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { paths } from "@/config/paths";
import { getFinancesQueryOptions } from "@/features/finances/api/get-finances";
import { OpenInvoices } from "@/features/finances/components/open-invoices";
import { PaymentHistory } from "@/features/finances/components/payment-history";
import { RentCard } from "@/features/finances/components/rent-card";
import { yearOptions } from "@/features/finances/finance-years";
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

  if (finances.isPending) return <LoadingState text={financeTexts.loading} />;

  const data = finances.data;
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
          {/* Phones: rent, history, invoices (spec order). Wide screens: invoices beside the rent card. */}
          <div className="md:col-start-1 md:row-start-2 md:h-full [&>section]:h-full">
            <RentCard rent={data.rent} />
          </div>
          <div className="md:col-span-2 md:row-start-3">
            <PaymentHistory
              year={year}
              years={yearOptions(data.years, currentYear)}
              payments={data.year === year ? data.payments : []}
              updating={finances.isPlaceholderData}
              onYearChange={setYear}
            />
          </div>
          <div className="md:col-start-2 md:row-start-2 md:h-full [&>section]:h-full">
            <OpenInvoices invoices={data.open_invoices} />
          </div>
        </>
      ) : null}
    </div>
  );
}
