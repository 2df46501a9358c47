import { SEPA_FEE_DECISION_LABELS, type SepaFeeDecision, type SepaReturn } from "@mieter-portal/contracts/staff";
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { returnsQueryOptions, useDecideFee } from "../api";

const FEE_TONE: Record<SepaFeeDecision, BadgeTone> = {
  none: "neutral",
  open: "warning",
  passed_on: "neutral",
  waived: "neutral",
};

/** The bank's return fee: pass it on to the tenant as a charge of its own, or bear it. */
function FeeDecision({ item }: { item: SepaReturn }) {
  const decide = useDecideFee();
  if (item.fee_decision !== "open") return null;
  const fee = formatMoney(item.fee);
  const run = (passOn: boolean) =>
    decide.mutate(
      { id: item.id, passOn },
      {
        onSuccess: () =>
          toast({
            title: passOn ? "Gebühr weiterberechnet" : "Gebühr nicht weiterberechnet",
            description: passOn
              ? `${fee} stehen als „Rücklastschriftgebühr“ im Mietkonto von ${item.tenant_name}.`
              : `Die ${fee} trägt die Verwaltung.`,
          }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={decide.isPending}
        onClick={() => run(true)}
        aria-label={`Gebühr weiterberechnen: ${fee} an ${item.tenant_name}`}
      >
        Gebühr weiterberechnen
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={decide.isPending}
        onClick={() => run(false)}
        aria-label={`Nicht weiterberechnen: ${fee} von ${item.tenant_name}`}
      >
        Nicht weiterberechnen
      </Button>
    </div>
  );
}

/** Returned direct debits from the bank statements, with the reason in German and the fee's decision. */
export function ReturnsList({ building, feeOpen }: { building: string | null; feeOpen: boolean }) {
  const returns = useInfiniteQuery(returnsQueryOptions(building, feeOpen));
  const items = returns.data?.pages.flatMap((p) => p.items) ?? [];
  if (returns.isPending) return <Loading />;
  if (returns.isError) return <LoadError error={returns.error} onRetry={() => returns.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState>{feeOpen ? "Keine Gebühr wartet auf eine Entscheidung." : "Keine Rücklastschriften."}</EmptyState>
    );
  return (
    <>
      <ul className="grid gap-2" aria-label="Rücklastschriften">
        {items.map((r) => (
          <li
            key={r.id}
            data-testid="sepa-return"
            className="grid gap-2 rounded-xl border border-border bg-card p-4 text-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="grid min-w-0 gap-0.5">
                <Link to={paths.ledgerAccount(r.tenancy_id)} className="font-semibold text-link hover:underline">
                  {r.tenant_name}
                </Link>
                <span className="[overflow-wrap:anywhere] text-muted-foreground">
                  {[r.building_name, r.unit ? `Whg. ${r.unit}` : null, r.description].filter(Boolean).join(" · ")}
                </span>
              </div>
              <span className="font-semibold whitespace-nowrap">{formatMoney(r.amount)}</span>
            </div>
            <p className="[overflow-wrap:anywhere]">
              <span className="font-medium">Grund:</span> {r.reason} · gebucht am {formatCalendarDate(r.booked_on)}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <span>Gebühr der Bank: {r.fee > 0 ? formatMoney(r.fee) : "keine"}</span>
              {r.fee > 0 ? (
                <Badge tone={FEE_TONE[r.fee_decision]}>{SEPA_FEE_DECISION_LABELS[r.fee_decision]}</Badge>
              ) : null}
              {r.thread_id ? (
                <Link to={paths.thread(r.thread_id)} className="text-link underline underline-offset-2">
                  Nachricht an den Mieter
                </Link>
              ) : null}
            </div>
            <FeeDecision item={r} />
          </li>
        ))}
      </ul>
      {returns.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={returns.isFetchingNextPage} onClick={() => returns.fetchNextPage()}>
            {returns.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
