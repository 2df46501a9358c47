import type { RentPayment } from "@mieter-portal/contracts";
import { ChevronRight, Euro } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCurrency, formatDate } from "@/lib/format";
import { paymentStatusBadge } from "../payment-status";
import { nextRentTexts } from "../texts";

export function NextRentCard({ payment, financesPath }: { payment: RentPayment | null; financesPath: string }) {
  const status = payment ? paymentStatusBadge(payment.status) : null;
  return (
    <Card aria-labelledby="next-rent-title">
      <CardHeader>
        <CardTitle id="next-rent-title" className="flex items-center gap-2">
          <Euro className="size-5 text-primary" aria-hidden="true" />
          {nextRentTexts.nextPayment}
        </CardTitle>
        {status ? (
          <Badge tone={status.tone} className="shrink-0">
            {status.label}
          </Badge>
        ) : null}
      </CardHeader>
      {payment ? (
        <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-2">
          <div>
            <p className="text-3xl font-bold tracking-tight" data-testid="rent-amount">
              {formatCurrency(payment.amount, payment.currency)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {nextRentTexts.due} <span data-testid="rent-due-date">{formatDate(payment.due_date)}</span>
            </p>
          </div>
          <Link
            to={financesPath}
            className="inline-flex items-center gap-1 rounded-md text-sm font-medium whitespace-nowrap text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {nextRentTexts.details}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{nextRentTexts.none}</p>
      )}
    </Card>
  );
}
