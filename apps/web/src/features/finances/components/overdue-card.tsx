import type { RentPayment } from "@mieter-portal/contracts";
import { ChevronDown, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCurrency, formatDate } from "@/lib/format";
import { directDebitTexts } from "../direct-debit-texts";
import { GiroCodePanel } from "./giro-code";

/** "Mit GiroCode bezahlen": the charge's GiroCode, opened on request (or at once). */
export function GiroCodeToggle({ paymentId, initiallyOpen = false }: { paymentId: string; initiallyOpen?: boolean }) {
  const t = directDebitTexts;
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronDown className={open ? "rotate-180" : undefined} aria-hidden="true" />
        {open ? t.giroCodeHide : t.giroCodeShow}
      </Button>
      <div id={panelId} hidden={!open}>
        {open ? <GiroCodePanel paymentId={paymentId} /> : null}
      </div>
    </div>
  );
}

/**
 * "Überfällig" (issue 28): what is due and not paid, a returned direct debit with its reason, and
 * the GiroCode of each charge, so the tenant pays in two taps. Only when something is overdue.
 */
export function OverdueCard({ payments }: { payments: RentPayment[] }) {
  const t = directDebitTexts;
  if (payments.length === 0) return null;
  const total = payments.reduce((sum, p) => sum + p.amount, 0);
  return (
    <Card aria-labelledby="overdue-title" className="border-destructive/50" data-testid="overdue-card">
      <CardHeader>
        <CardTitle id="overdue-title" className="flex items-center gap-2">
          <TriangleAlert className="size-5 text-destructive-text" aria-hidden="true" />
          {t.overdueTitle}
        </CardTitle>
      </CardHeader>
      <p className="text-3xl font-bold tracking-tight" data-testid="overdue-total">
        {formatCurrency(total, payments[0]?.currency)}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{t.overdueHint}</p>
      <ul className="mt-4 grid gap-4 border-t border-border pt-4">
        {payments.map((p, index) => (
          <li key={p.id} className="grid gap-2" data-testid="overdue-payment">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium hyphens-auto wrap-break-word">{p.description}</p>
                <p className="text-sm text-muted-foreground">{t.overdueDue(formatDate(p.due_date))}</p>
              </div>
              <span className="shrink-0 font-semibold">{formatCurrency(p.amount, p.currency)}</span>
            </div>
            {p.direct_debit?.state === "returned" ? (
              <p
                className="rounded-lg bg-danger-soft p-2 text-sm text-danger-soft-foreground"
                data-testid="overdue-return"
              >
                {t.returned(formatDate(p.direct_debit.collection_date), p.direct_debit.return_reason)}
              </p>
            ) : null}
            <GiroCodeToggle paymentId={p.id} initiallyOpen={index === 0} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
