import type { StaffNewRepair } from "@mieter-portal/contracts/staff";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { threadQueryOptions } from "@/features/messages/api";
import { createRepair } from "@/features/repairs/api";
import { BuildingChoice } from "@/features/repairs/components/building-choice";
import { NewRepairForm } from "@/features/repairs/components/new-repair-form";
import { tenantQueryOptions } from "@/features/tenants/api";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/**
 * /reparaturen/neu?mieter=<id>, ?nachricht=<id> or ?haus=<id>: staff record a repair for a tenant,
 * from a tenant's message, or for a building's common areas (issue 25 §16). Without any of them the
 * page asks for the building (the tenant's and the message's repairs start on their own pages).
 */
export function Component() {
  useDocumentTitle("Reparatur anlegen");
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const threadId = search.get("nachricht");
  const tenantId = search.get("mieter");
  const buildingId = !threadId && !tenantId ? search.get("haus") : null;
  const thread = useQuery({ ...threadQueryOptions(threadId ?? ""), enabled: Boolean(threadId) });
  const tenant = useQuery({ ...tenantQueryOptions(tenantId ?? ""), enabled: Boolean(tenantId) && !threadId });
  const buildings = useQuery({ ...buildingsQueryOptions(), enabled: !threadId && !tenantId });
  const back = threadId
    ? { to: paths.thread(threadId), label: "Zur Nachricht" }
    : tenantId
      ? { to: paths.tenant(tenantId), label: "Zum Mieter" }
      : { to: paths.inbox, label: "Zum Eingang" };

  async function create(repair: StaffNewRepair) {
    const created = await createRepair(repair);
    await queryClient.invalidateQueries({ queryKey: ["staff"] });
    toast({
      title: repair.building_id
        ? "Reparatur der Allgemeinflächen angelegt."
        : "Reparatur angelegt – der Mieter sieht sie im Portal.",
    });
    navigate(paths.repair(created.id));
  }

  const source = threadId ? thread : tenantId ? tenant : buildings;
  if (source.isPending) return <Loading />;
  if (source.isError)
    return (
      <>
        <PageHeader title="Reparatur anlegen" back={back} />
        <LoadError error={source.error} onRetry={() => source.refetch()} />
      </>
    );

  if (!threadId && !tenantId) {
    const building = buildings.data?.find((b) => b.id === buildingId);
    if (!building) {
      return (
        <>
          <PageHeader
            title="Reparatur anlegen"
            back={back}
            description="Für Treppenhaus, Keller, Hauseingang, Außenanlagen: Schäden, die keinem Mieter gehören."
          />
          <Section title="Allgemeinflächen eines Hauses" headingId="repair-new-building">
            <BuildingChoice
              buildings={buildings.data ?? []}
              unknown={Boolean(buildingId)}
              onChoose={(id) => navigate(paths.repairNew({ building: id }))}
            />
          </Section>
        </>
      );
    }
    return (
      <>
        <PageHeader
          title="Reparatur anlegen"
          back={back}
          description={`Allgemeinflächen: ${building.name}. Kein Mieter sieht diese Reparatur oder wird benachrichtigt.`}
        />
        <Section title="Reparatur" headingId="repair-new">
          <NewRepairForm target={{ building_id: building.id }} onSubmit={create} />
        </Section>
      </>
    );
  }

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
