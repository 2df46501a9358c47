import type { RentPayment } from "@mieter-portal/contracts";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { formatCurrency, formatDate } from "@/lib/format";
import { directDebitTexts } from "../direct-debit-texts";
import { paymentStatusBadge } from "../payment-status";
import { financeTexts } from "../texts";
import { GiroCodeToggle } from "./overdue-card";

/** A charge's direct debit: when it is collected, or that the bank gave it back and why. */
function DirectDebitLine({ debit }: { debit: NonNullable<RentPayment["direct_debit"]> }) {
  const t = directDebitTexts;
  if (debit.state === "submitted")
    return <p className="text-sm text-muted-foreground">{t.collectionOn(formatDate(debit.collection_date))}</p>;
  if (debit.state === "returned")
    return (
      <p className="text-sm font-medium text-destructive-text" data-testid="payment-return">
        {t.returned(formatDate(debit.collection_date), debit.return_reason)}
      </p>
    );
  return null;
}

export function PaymentHistory({
  year,
  years,
  payments,
  updating,
  onYearChange,
}: {
  year: number;
  years: number[];
  payments: RentPayment[];
  /** Another year's payments are loading; the list shows the old ones until then. */
  updating: boolean;
  onYearChange: (year: number) => void;
}) {
  const t = financeTexts;
  const selectId = useId();
  return (
    <Card aria-labelledby="history-title">
      <CardHeader className="flex-wrap">
        <CardTitle id="history-title">{t.historyTitle}</CardTitle>
        <div className="flex items-center gap-2">
          <Label htmlFor={selectId} className="text-muted-foreground">
            {t.yearLabel}
          </Label>
          <NativeSelect
            id={selectId}
            value={String(year)}
            onChange={(event) => onYearChange(Number(event.target.value))}
            className="h-10 w-28"
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <div aria-live="polite" aria-busy={updating}>
        {updating ? (
          <p className="py-2 text-sm text-muted-foreground">{t.updating}</p>
        ) : payments.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">{t.historyEmpty(year)}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="payment-list" data-year={year}>
            {payments.map((payment) => {
              const badge = paymentStatusBadge(payment.status);
              const debit = payment.direct_debit;
              return (
                <li key={payment.id} className="grid gap-2 py-3" data-testid="payment-row">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium hyphens-auto wrap-break-word">{payment.description}</p>
                      <p className="text-sm text-muted-foreground">
                        {payment.paid_at
                          ? `${t.paidOn} ${formatDate(payment.paid_at)}`
                          : `${t.due} ${formatDate(payment.due_date)}`}
                      </p>
                      {debit && payment.status !== "paid" ? <DirectDebitLine debit={debit} /> : null}
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <span className="font-semibold" data-testid="payment-amount">
                        {formatCurrency(payment.amount, payment.currency)}
                      </span>
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                      {debit?.state === "submitted" && payment.status !== "paid" ? (
                        <Badge tone="neutral" data-testid="payment-direct-debit">
                          {directDebitTexts.submitted}
                        </Badge>
                      ) : null}
                    </div>
                  </div>
                  {payment.status === "overdue" ? <GiroCodeToggle paymentId={payment.id} /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
