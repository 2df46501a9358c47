import type { FinancesResponse } from "@mieter-portal/contracts";
import { Euro } from "lucide-react";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCurrency } from "@/lib/format";
import { dueDayText, financeTexts, paymentMethodLabel } from "../texts";

/** Monthly rent of the current tenancy: total = base rent + utilities, method and due day. */
export function RentCard({ rent }: { rent: FinancesResponse["rent"] }) {
  const t = financeTexts;
  return (
    <Card aria-labelledby="rent-title">
      <CardHeader>
        <CardTitle id="rent-title" className="flex items-center gap-2">
          <Euro className="size-5 text-primary" aria-hidden="true" />
          {t.rentTitle}
        </CardTitle>
      </CardHeader>
      <p className="text-3xl font-bold tracking-tight" data-testid="rent-total">
        {formatCurrency(rent.total, rent.currency)}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{t.rentTotal}</p>
      <dl className="mt-4 grid grid-cols-1 gap-2 border-t border-border pt-4 text-sm">
        <Row term={t.baseRent} testId="rent-base">
          {formatCurrency(rent.base_rent, rent.currency)}
        </Row>
        <Row term={t.utilities} testId="rent-utilities">
          {formatCurrency(rent.utilities, rent.currency)}
        </Row>
        <Row term={t.paymentMethod} testId="rent-method">
          {paymentMethodLabel(rent.payment_method)}
          {rent.iban_last4 ? (
            <span className="block text-xs font-normal text-muted-foreground">{t.iban(rent.iban_last4)}</span>
          ) : null}
        </Row>
        <Row term={t.dueDay} testId="rent-due-day">
          {dueDayText(rent.due_day)}
        </Row>
      </dl>
    </Card>
  );
}

function Row({ term, testId, children }: { term: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
