import { Badge } from "@mieter-portal/ui/badge";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { SelectField } from "@/components/form-controls";
import { DetailList, EmptyState, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { ledgerQueryOptions } from "@/features/ledger/api";
import { PaymentDialog } from "@/features/ledger/components/payment-dialog";
import { RentChangeDialog } from "@/features/ledger/components/rent-change-dialog";
import { FinanceOnly } from "@/features/ledger/finance-only";
import { CHARGE_STATUS, PAYMENT_SOURCE } from "@/features/ledger/labels";
import { ReminderButton } from "@/features/ledger/reminder-button";
import { formatCalendarDate, formatDateTime, formatMoney } from "@/lib/format";
import { withSearchParam } from "@/lib/search-params";

function Account({ tenancyId }: { tenancyId: string }) {
  const [search, setSearch] = useSearchParams();
  const yearParam = Number(search.get("jahr")) || null;
  const ledger = useQuery({ ...ledgerQueryOptions(tenancyId, yearParam), placeholderData: keepPreviousData });
  if (ledger.isPending) return <Loading />;
  if (ledger.isError) return <LoadError error={ledger.error} onRetry={() => ledger.refetch()} />;
  const { account, charges, payments, rent_changes: changes, years, year } = ledger.data;
  const yearChoices = years.includes(year) ? years : [year, ...years];

  return (
    <>
      <PageHeader
        title={`Mietkonto ${account.tenant_name}`}
        back={{ to: paths.ledger, label: "Alle Mietkonten" }}
        actions={
          <>
            <PaymentDialog tenancyId={tenancyId} />
            <RentChangeDialog tenancyId={tenancyId} />
            {account.overdue > 0 ? (
              <ReminderButton
                tenancyId={tenancyId}
                tenantName={account.tenant_name}
                overdue={account.overdue}
                lastReminderAt={ledger.data.last_reminder_at}
              />
            ) : null}
          </>
        }
      />
      <div className="grid gap-4">
        <Section title="Überblick">
          <DetailList
            items={[
              {
                term: "Wohnung",
                value:
                  [account.building_name, account.apartment_number ? `Whg. ${account.apartment_number}` : null]
                    .filter(Boolean)
                    .join(", ") || "Keine Adresse",
              },
              { term: "Zahlungsreferenz", value: <span data-testid="payment-reference">{account.reference}</span> },
              { term: "Monatsmiete", value: formatMoney(account.rent) },
              {
                term: "Überfällig",
                value: account.overdue > 0 ? <Badge tone="danger">{formatMoney(account.overdue)}</Badge> : "Nichts",
              },
              { term: "Offen insgesamt", value: formatMoney(account.open) },
              { term: "Guthaben", value: formatMoney(account.credit) },
              ...(account.end_date ? [{ term: "Mietende", value: formatCalendarDate(account.end_date) }] : []),
              ...(ledger.data.last_reminder_at
                ? [{ term: "Letzte Erinnerung", value: formatDateTime(ledger.data.last_reminder_at) }]
                : []),
            ]}
          />
        </Section>
        <div className="max-w-xs">
          <SelectField
            label="Jahr"
            value={String(year)}
            onChange={(e) => setSearch(withSearchParam(search, "jahr", e.target.value), { replace: true })}
          >
            {yearChoices.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
        </div>
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
      </div>
    </>
  );
}

export function Component() {
  useDocumentTitle("Mietkonto");
  const { id = "" } = useParams();
  return (
    <FinanceOnly>
      <Account tenancyId={id} />
    </FinanceOnly>
  );
}
