import { SEPA_SEQUENCE_LABELS, type SepaSequenceType } from "@mieter-portal/contracts";
import { Badge } from "@mieter-portal/ui/badge";
import { cn } from "@mieter-portal/ui/utils";
import type { ReactNode } from "react";
import { formatCalendarDate, formatMoney } from "@/lib/format";

/** One charge of a preview or a run, as the table shows it. */
export interface ChargeRow {
  charge_id: string;
  tenant_name: string;
  building_name: string | null;
  unit: string | null;
  description: string;
  due_date: string;
  amount: number;
  sequence: SepaSequenceType | null;
  mandate_reference: string | null;
  iban_masked: string | null;
  /** Problems, the state of a collected charge: the last column. */
  notes: ReactNode;
  /** A row with a problem stands out (and says so in words in `notes`). */
  problem?: boolean;
}

/**
 * Six columns need about 900 px: a table from 1280 px on (xl; the sidebar takes 240 px from 1024 px
 * on), below that each charge is a card — name, then due date, amount, type and account in a
 * wrapping line, then the notes.
 */
const cell = "py-2 pr-3 align-top max-xl:p-0";
/** In a card the cells name themselves. */
const small = "text-muted-foreground xl:hidden";

export function SequenceBadge({ sequence }: { sequence: SepaSequenceType }) {
  return (
    <Badge tone={sequence === "FRST" ? "warning" : "neutral"}>
      {SEPA_SEQUENCE_LABELS[sequence]} ({sequence})
    </Badge>
  );
}

/** The charges of a collection: Mieter, Fälligkeit, Betrag, Lastschriftart, IBAN with the mandate, notes. */
export function ChargesTable({ rows, caption }: { rows: ChargeRow[]; caption: string }) {
  return (
    <table className="w-full text-sm max-xl:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-xl:sr-only">
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-3 font-medium">
            Mieter
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Fälligkeit
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            Betrag
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Art
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            IBAN
          </th>
          <th scope="col" className="py-2 font-medium">
            Hinweise
          </th>
        </tr>
      </thead>
      <tbody className="max-xl:grid max-xl:gap-2">
        {rows.map((r) => (
          <tr
            key={r.charge_id}
            data-testid="sepa-charge"
            data-problem={r.problem ? "true" : undefined}
            className={cn(
              "border-b border-border last:border-b-0 max-xl:flex max-xl:flex-wrap max-xl:items-center max-xl:gap-x-4 max-xl:gap-y-1.5 max-xl:rounded-lg max-xl:border max-xl:p-3 max-xl:last:border-b",
              r.problem && "max-xl:border-destructive/50",
            )}
          >
            <td className={cn(cell, "max-xl:basis-full xl:min-w-52")}>
              <span className="block font-medium [overflow-wrap:anywhere]">{r.tenant_name}</span>
              <span className="block text-muted-foreground [overflow-wrap:anywhere]">
                {[r.building_name, r.unit ? `Whg. ${r.unit}` : null, r.description].filter(Boolean).join(" · ")}
              </span>
            </td>
            <td className={cn(cell, "whitespace-nowrap")}>
              <span className={small}>fällig </span>
              {formatCalendarDate(r.due_date)}
            </td>
            <td className={cn(cell, "font-medium whitespace-nowrap xl:text-right")}>{formatMoney(r.amount)}</td>
            <td className={cn(cell, !r.sequence && "max-xl:hidden")}>
              {r.sequence ? <SequenceBadge sequence={r.sequence} /> : "–"}
            </td>
            <td className={cn(cell, !r.iban_masked && "max-xl:hidden")}>
              {r.iban_masked ? (
                <>
                  <span className="block whitespace-nowrap">
                    <span className={small}>IBAN </span>
                    {r.iban_masked}
                  </span>
                  {r.mandate_reference ? (
                    <span className="block whitespace-nowrap text-muted-foreground">Mandat {r.mandate_reference}</span>
                  ) : null}
                </>
              ) : (
                "–"
              )}
            </td>
            <td className="py-2 align-top max-xl:basis-full max-xl:p-0">{r.notes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
