import { roleCan, type StaffTenantDetail } from "@mieter-portal/contracts/staff";
import { Link } from "react-router";
import { DetailList, EmptyState, Section } from "@/components/page";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { PAYMENT_METHOD_LABELS } from "@/lib/labels";
import { useMe } from "@/lib/me";
import { EndTenancyDialog } from "./tenant-dialogs";

/** Building, start, end and (for who sees finances) the rent with a link to the ledger account. */
export function TenancySection({ detail: d, canOnboard }: { detail: StaffTenantDetail; canOnboard: boolean }) {
  const me = useMe();
  const t = d.tenant;
  return (
    <Section
      title="Mietverhältnis"
      headingId="tenant-tenancy"
      className="lg:col-span-2"
      actions={canOnboard ? <EndTenancyDialog key={d.tenancy?.end_date ?? "open"} detail={d} /> : null}
    >
      {d.tenancy ? (
        <>
          <DetailList
            items={[
              { term: "Gebäude", value: t.building?.name ?? "–" },
              { term: "Beginn", value: formatCalendarDate(d.tenancy.start_date) },
              { term: "Ende", value: d.tenancy.end_date ? formatCalendarDate(d.tenancy.end_date) : "unbefristet" },
              ...(roleCan(me.role, "finances")
                ? [
                    { term: "Kaltmiete", value: formatMoney(d.tenancy.base_rent) },
                    { term: "Nebenkosten", value: formatMoney(d.tenancy.utilities) },
                    {
                      term: "Zahlung",
                      value: `${PAYMENT_METHOD_LABELS[d.tenancy.payment_method] ?? d.tenancy.payment_method}, fällig am ${d.tenancy.due_day}.`,
                    },
                  ]
                : []),
            ]}
          />
          {roleCan(me.role, "finances") && d.tenancy.id ? (
            <p className="mt-3 text-sm">
              <Link className="text-link underline underline-offset-2" to={paths.ledgerAccount(d.tenancy.id)}>
                Mietkonto öffnen
              </Link>
            </p>
          ) : null}
        </>
      ) : t.address !== null && !roleCan(me.role, "finances") ? (
        // The server leaves out the tenancy (its rent) for a Hausmeister: it exists, it is not his to read.
        <EmptyState>
          {t.tenancy_active ? "Ein Mietverhältnis besteht" : "Ein Mietverhältnis ist hinterlegt"}
          {t.building ? ` (${t.building.name}${t.unit ? `, Whg. ${t.unit}` : ""})` : ""}. Beginn, Ende und Miete sehen
          nur Verwalter und Administratoren.
        </EmptyState>
      ) : (
        <EmptyState>Kein Mietverhältnis hinterlegt.</EmptyState>
      )}
    </Section>
  );
}
