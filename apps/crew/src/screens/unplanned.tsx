import { type ServiceKind, serviceKind } from "@mieter-portal/contracts/services";
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

const KINDS_STORAGE_KEY = "mieter_portal_crew_service_kinds";

/** The catalogue, kept on the device for an unplanned Einsatz in the cellar. */
function useServiceKinds() {
  const stored = readJson<ServiceKind[] | null>(KINDS_STORAGE_KEY, null);
  return useQuery({
    queryKey: ["service-kinds"],
    queryFn: async ({ signal }) => {
      const kinds = await api("GET", "/staff/services/kinds", z.array(serviceKind), undefined, { signal });
      writeJson(KINDS_STORAGE_KEY, kinds);
      return kinds;
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
  const kinds = useServiceKinds();
  const buildings = session?.staff.buildings ?? [];
  const [buildingId, setBuildingId] = useState(buildings.length === 1 ? buildings[0]!.id : "");
  const [kindId, setKindId] = useState("");
  const [errors, setErrors] = useState<{ building?: string; kind?: string }>({});
  const kind = kinds.data?.find((k) => k.id === kindId) ?? null;

  return (
    <section className="grid gap-4">
      <h1 className="text-xl font-semibold">Ungeplanter Einsatz</h1>
      <Field label="Haus" error={errors.building}>
        {(control) => (
          <NativeSelect
            {...control}
            value={buildingId}
            onChange={(e) => setBuildingId(e.target.value)}
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
          kinds.isError && !kinds.data
            ? kinds.error instanceof ApiError && kinds.error.status === 403
              ? "Die Leistungen können mit Ihrem Konto nicht geladen werden. Bitte wenden Sie sich an die Verwaltung."
              : errorMessage(kinds.error)
            : undefined
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
            {(kinds.data ?? []).map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
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
            serviceName: kind.name,
            startedAt: new Date().toISOString(),
            checklist: kind.checklist,
          });
          await queueWrite({
            url: startUrl(),
            data: startBody(work, { serviceKindId: kind.id, photos, position }),
            label: `Beginn (ungeplant): ${kind.name}`,
            detail: building.name,
          });
          workStore.put(work);
          navigate(`/arbeit/${work.recordId}`);
        }}
      />
    </section>
  );
}
