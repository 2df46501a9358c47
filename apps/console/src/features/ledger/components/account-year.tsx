import type { LedgerDetail } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { EmptyState, Section } from "@/components/page";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { CHARGE_STATUS, PAYMENT_SOURCE } from "../labels";
import { DirectDebitNote } from "./direct-debit-note";

/** The year to show: the years with charges or payments, and the one shown even when it has none. */
export function YearSelect({ ledger, onChange }: { ledger: LedgerDetail; onChange: (year: string) => void }) {
  const { years, year } = ledger;
  const choices = years.includes(year) ? years : [year, ...years];
  return (
    <Field label="Jahr" className="max-w-xs">
      {(control) => (
        <NativeSelect {...control} value={String(year)} onChange={(e) => onChange(e.target.value)}>
          {choices.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** The year's charges with their status, its payments with what is still credit, and the rent changes. */
export function AccountYear({ ledger }: { ledger: LedgerDetail }) {
  const { charges, payments, rent_changes: changes, year } = ledger;
  return (
    <>
      <Section title={`Sollstellungen ${year}`}>
        {charges.length === 0 ? (
          <EmptyState>Keine Mieten in diesem Jahr.</EmptyState>
        ) : (
          <ul className="grid gap-2" aria-label="Sollstellungen">
            {charges.map((c) => {
              const status = CHARGE_STATUS[c.status];
              return (
                <li
                  key={c.id}
                  data-testid="ledger-charge"
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium">{c.description}</span>
                    <span className="text-muted-foreground">
                      fällig {formatCalendarDate(c.due_date)} · {formatMoney(c.amount)}
                      {c.paid > 0 && c.status !== "paid" ? ` · bezahlt ${formatMoney(c.paid)}` : ""}
                      {c.days_overdue > 0 ? ` · ${c.days_overdue} Tage überfällig` : ""}
                    </span>
                    {c.direct_debit ? <DirectDebitNote debit={c.direct_debit} /> : null}
                  </div>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      <Section title={`Zahlungen ${year}`}>
        {payments.length === 0 ? (
          <EmptyState>Keine Zahlungen in diesem Jahr.</EmptyState>
        ) : (
          <ul className="grid gap-2" aria-label="Zahlungen">
            {payments.map((p) => (
              <li key={p.id} className="grid gap-0.5 rounded-lg border border-border p-3 text-sm">
                <span className="font-medium">
                  {formatMoney(p.amount)} · {formatCalendarDate(p.booked_on)} · {PAYMENT_SOURCE[p.source]}
                </span>
                {p.allocated < p.amount ? (
                  <span>Davon {formatMoney(p.amount - p.allocated)} noch nicht verrechnet (Guthaben)</span>
                ) : null}
                {p.remittance || p.payer_name ? (
                  <span className="[overflow-wrap:anywhere] text-muted-foreground">
                    {[p.payer_name, p.remittance].filter(Boolean).join(" · ")}
                  </span>
                ) : null}
                {p.match_reason ? (
                  <span className="[overflow-wrap:anywhere] text-muted-foreground">{p.match_reason}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {changes.length > 0 ? (
        <Section title="Mietänderungen">
          <ul className="grid gap-1 text-sm">
            {changes.map((c) => (
              <li key={c.id}>
                Ab {formatCalendarDate(c.effective_from)}: {formatMoney(c.base_rent)} Kaltmiete +{" "}
                {formatMoney(c.utilities)} Nebenkosten
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
