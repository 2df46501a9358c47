import { roleCan } from "@mieter-portal/contracts/staff";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { InternalNotes } from "@/components/internal-notes";
import { LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { NewAppointmentDialog } from "@/features/appointments/components/new-appointment-dialog";
import { NewThreadDialog } from "@/features/messages/components/new-thread-dialog";
import { NewRepairLink } from "@/features/repairs/components/new-repair-link";
import { MandatePanel } from "@/features/sepa/components/mandate-panel";
import { tenantQueryOptions } from "@/features/tenants/api";
import { InvitationPanel } from "@/features/tenants/components/invitation-panel";
import { TenancySection } from "@/features/tenants/components/tenancy-section";
import { ContactDialog } from "@/features/tenants/components/tenant-dialogs";
import { TenantHistory } from "@/features/tenants/components/tenant-history";
import { useMe } from "@/lib/me";

export function Component() {
  const { id = "" } = useParams();
  const me = useMe();
  const detail = useQuery(tenantQueryOptions(id));
  useDocumentTitle(detail.data?.tenant.name ?? "Mieter");
  const back = { to: paths.tenants, label: "Zur Mietersuche" };
  if (detail.isPending) return <Loading />;
  if (detail.isError)
    return (
      <>
        <PageHeader title="Mieter" back={back} />
        <LoadError error={detail.error} onRetry={() => detail.refetch()} />
      </>
    );
  const d = detail.data;
  const t = d.tenant;
  const canMessage = roleCan(me.role, "messages");
  const canAppoint = roleCan(me.role, "appointments");
  const canOnboard = roleCan(me.role, "tenancies");
  return (
    <>
      <PageHeader
        title={t.name}
        back={back}
        description={
          // A long address must wrap on a phone instead of widening the page.
          <span className="[overflow-wrap:anywhere]">
            {[t.email || "keine E-Mail-Adresse", t.address, t.unit ? `Whg. ${t.unit}` : null]
              .filter(Boolean)
              .join(" · ")}
          </span>
        }
        actions={
          <>
            {canOnboard ? <ContactDialog key={`${t.name}|${t.email}`} detail={d} /> : null}
            {canAppoint ? <NewAppointmentDialog tenantId={t.id} tenantName={t.name} /> : null}
            {canMessage ? <NewThreadDialog tenantId={t.id} tenantName={t.name} /> : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {canOnboard ? (
          <div className="lg:col-span-2">
            <InvitationPanel detail={d} />
          </div>
        ) : null}
        <TenancySection detail={d} canOnboard={canOnboard} />
        {roleCan(me.role, "finances") && d.tenancy?.id ? (
          <div className="lg:col-span-2">
            <MandatePanel tenancyId={d.tenancy.id} tenantName={t.name} />
          </div>
        ) : null}
        <TenantHistory detail={d} canMessage={canMessage} newRepair={<NewRepairLink from={{ tenant: t.id }} />} />
        <InternalNotes entity="tenant" id={t.id} />
      </div>
    </>
  );
}
