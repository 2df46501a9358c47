import type { OpenInvoice } from "@mieter-portal/contracts";
import { CircleCheck, Receipt } from "lucide-react";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCurrency, formatDate } from "@/lib/format";
import { financeTexts } from "../texts";

export function OpenInvoices({ invoices }: { invoices: OpenInvoice[] }) {
  const t = financeTexts;
  return (
    <Card aria-labelledby="invoices-title">
      <CardHeader>
        <CardTitle id="invoices-title" className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden="true" />
          {t.invoicesTitle}
        </CardTitle>
      </CardHeader>
      {invoices.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-4 text-center" data-testid="invoices-empty">
          <CircleCheck className="size-8 text-primary" aria-hidden="true" />
          <p className="font-medium">{t.invoicesEmpty}</p>
          <p className="text-sm text-muted-foreground">{t.invoicesEmptyHint}</p>
        </div>
      ) : (
        <ul className="divide-y divide-border">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex items-start justify-between gap-3 py-3" data-testid="invoice-row">
              <div className="min-w-0">
                <p className="font-medium hyphens-auto wrap-break-word">{invoice.title}</p>
                <p className="text-sm text-muted-foreground">
                  {t.issuedOn} {formatDate(invoice.issued_at)}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t.due} {formatDate(invoice.due_date)}
                </p>
              </div>
              <span className="shrink-0 font-semibold">{formatCurrency(invoice.amount, invoice.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
