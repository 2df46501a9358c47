import type { StaffNewRepair } from "@mieter-portal/contracts/staff";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { threadQueryOptions } from "@/features/messages/api";
import { NewRepairForm } from "@/features/repairs/new-repair-form";
import { tenantQueryOptions } from "@/features/tenants/api";
import { apiPost } from "@/lib/api-client";

/** /reparaturen/neu?mieter=<id> or ?nachricht=<id>: staff record a repair for a tenant. */
export function Component() {
  useDocumentTitle("Reparatur anlegen");
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const threadId = search.get("nachricht");
  const tenantId = search.get("mieter");
  const thread = useQuery({ ...threadQueryOptions(threadId ?? ""), enabled: Boolean(threadId) });
  const tenant = useQuery({ ...tenantQueryOptions(tenantId ?? ""), enabled: Boolean(tenantId) && !threadId });
  const back = threadId
    ? { to: paths.thread(threadId), label: "Zur Nachricht" }
    : tenantId
      ? { to: paths.tenant(tenantId), label: "Zum Mieter" }
      : { to: paths.tenants, label: "Zu den Mietern" };

  async function create(repair: StaffNewRepair) {
    const created = await apiPost<{ id: string }>("/staff/repairs", repair);
    await queryClient.invalidateQueries({ queryKey: ["staff"] });
    toast({ title: "Reparatur angelegt – der Mieter sieht sie im Portal." });
    navigate(paths.repair(created.id));
  }

  if (!threadId && !tenantId) {
    return (
      <>
        <PageHeader title="Reparatur anlegen" back={back} />
        <p className="text-sm">
          Bitte öffnen Sie zuerst den Mieter oder seine Nachricht und wählen Sie dort „Reparatur anlegen“.
        </p>
      </>
    );
  }
  const source = threadId ? thread : tenant;
  if (source.isPending) return <Loading />;
  if (source.isError)
    return (
      <>
        <PageHeader title="Reparatur anlegen" back={back} />
        <LoadError error={source.error} onRetry={() => source.refetch()} />
      </>
    );
  const lastFromTenant = thread.data?.messages.filter((m) => m.direction === "outbound").at(-1);
  const forWhom = thread.data ? thread.data.tenant.name : (tenant.data?.tenant.name ?? "");
  return (
    <>
      <PageHeader
        title="Reparatur anlegen"
        back={back}
        description={thread.data ? `Für ${forWhom}, aus der Nachricht „${thread.data.subject}“` : `Für ${forWhom}`}
      />
      <Section title="Reparatur" headingId="repair-new">
        <NewRepairForm
          target={threadId ? { thread_id: threadId } : { tenant_id: tenantId ?? "" }}
          initialDescription={lastFromTenant?.content ?? ""}
          onSubmit={create}
        />
      </Section>
    </>
  );
}
