import { type ChargeDirectDebit, SEPA_ITEM_STATE_LABELS } from "@mieter-portal/contracts";
import { Landmark } from "lucide-react";
import { formatCalendarDate } from "@/lib/format";

/**
 * A charge's latest direct debit (issue 28) in the ledger: "Lastschrift eingereicht" until the
 * money shows in a statement, "Rücklastschrift (AC04 – Konto erloschen)" when the bank gave it back.
 * A cancelled run's debit says nothing: the charge is open as it was.
 */
export function DirectDebitNote({ debit }: { debit: ChargeDirectDebit }) {
  if (debit.state === "cancelled") return null;
  const label = SEPA_ITEM_STATE_LABELS[debit.state];
  const returned = debit.state === "returned";
  return (
    <span
      data-testid="charge-direct-debit"
      className={
        returned
          ? "flex items-start gap-1.5 font-medium text-danger-soft-foreground"
          : "flex items-start gap-1.5 text-muted-foreground"
      }
    >
      <Landmark className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="[overflow-wrap:anywhere]">
        {returned ? `${label} (${debit.return_reason ?? "Grund nicht angegeben"})` : label}, Einzug am{" "}
        {formatCalendarDate(debit.collection_date)}
      </span>
    </span>
  );
}
