import { type CrewService, crewService } from "@mieter-portal/contracts/services";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { ApiError, api, errorMessage } from "@/lib/api";
import { newWork, startBody, startUrl, workStore } from "@/lib/einsatz";
import { queueWrite } from "@/lib/queue";
import { getSession } from "@/lib/session";
import { readJson, writeJson } from "@/lib/storage";
import { StartForm } from "./einsatz";

const SERVICES_STORAGE_KEY = "mieter_portal_crew_services";

/** The services planned in my houses (and "Sonstige Leistung"), kept on the device for the cellar. */
function useCrewServices() {
  const stored = readJson<CrewService[] | null>(SERVICES_STORAGE_KEY, null);
  return useQuery({
    queryKey: ["crew-services"],
    queryFn: async ({ signal }) => {
      const services = await api("GET", "/staff/service-visits/services", z.array(crewService), undefined, {
        signal,
      });
      writeJson(SERVICES_STORAGE_KEY, services);
      return services;
    },
    initialData: stored ?? undefined,
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 1,
  });
}

/** An unplanned Einsatz (snow at 5:30, a tenant's call): house and service, then Beginn. */
export function UnplannedScreen() {
  const session = getSession();
  const navigate = useNavigate();
  const services = useCrewServices();
  const buildings = session?.staff.buildings ?? [];
  const [buildingId, setBuildingId] = useState(buildings.length === 1 ? buildings[0]!.id : "");
  const [kindId, setKindId] = useState("");
  const [errors, setErrors] = useState<{ building?: string; kind?: string }>({});
  const offered = (services.data ?? []).filter((s) => s.building_id === buildingId);
  const kind = offered.find((s) => s.service_kind_id === kindId) ?? null;

  return (
    <section className="grid gap-4">
      <h1 className="text-xl font-semibold">Ungeplanter Einsatz</h1>
      <Field label="Haus" error={errors.building}>
        {(control) => (
          <NativeSelect
            {...control}
            value={buildingId}
            onChange={(e) => {
              setBuildingId(e.target.value);
              setKindId("");
            }}
            className="h-12 text-base"
          >
            <option value="">Bitte wählen</option>
            {buildings.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field
        label="Leistung"
        error={errors.kind}
        hint={
          services.isError && !services.data
            ? services.error instanceof ApiError && services.error.status === 403
              ? "Die Leistungen können mit Ihrem Konto nicht geladen werden. Bitte wenden Sie sich an die Verwaltung."
              : errorMessage(services.error)
            : buildingId
              ? undefined
              : "Erst das Haus wählen: es stehen die dort geplanten Leistungen zur Wahl."
        }
      >
        {(control) => (
          <NativeSelect
            {...control}
            value={kindId}
            onChange={(e) => setKindId(e.target.value)}
            className="h-12 text-base"
          >
            <option value="">Bitte wählen</option>
            {offered.map((s) => (
              <option key={s.service_kind_id} value={s.service_kind_id}>
                {s.service_name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <StartForm
        onStart={async ({ photos, position }) => {
          const building = buildings.find((b) => b.id === buildingId);
          const next = {
            ...(building ? {} : { building: "Bitte wählen Sie das Haus." }),
            ...(kind ? {} : { kind: "Bitte wählen Sie die Leistung." }),
          };
          setErrors(next);
          if (!session || !building || !kind) return;
          const work = newWork({
            recordId: crypto.randomUUID(),
            accountId: session.staff.id,
            visitId: null,
            buildingId: building.id,
            buildingName: building.name,
            serviceName: kind.service_name,
            serviceKey: kind.service_key,
            startedAt: new Date().toISOString(),
            checklist: kind.checklist,
          });
          await queueWrite({
            url: startUrl(),
            data: startBody(work, { serviceKindId: kind.service_kind_id, photos, position }),
            label: `Beginn (ungeplant): ${kind.service_name}`,
            detail: building.name,
          });
          workStore.put(work);
          navigate(`/arbeit/${work.recordId}`);
        }}
      />
    </section>
  );
}
