import {
  serviceKind,
  servicePlan,
  serviceRecord,
  serviceReport,
  serviceVisit,
  unplannedServiceRecord,
} from "@mieter-portal/contracts/services";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, queryString } from "@/lib/api-client";

/** The catalogue: the German defaults and the company's own services, with their BetrKV category. */
export const serviceKindsQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "services", "kinds"],
    queryFn: ({ signal }) => apiGet("/staff/services/kinds", z.array(serviceKind), { signal }),
    staleTime: 5 * 60_000,
  });

/** A building's plans: running and future ones, with `withEnded` the ended ones too (a changed plan's history). */
export const servicePlansQueryOptions = (buildingId: string, withEnded = false) =>
  queryOptions({
    queryKey: ["staff", "services", "plans", buildingId, { withEnded }],
    queryFn: ({ signal }) =>
      apiGet(
        `/staff/service-plans${queryString({ building_id: buildingId, include_ended: withEnded || null })}`,
        z.array(servicePlan),
        { signal },
      ),
  });

/** A building's planned Einsätze from `from` to `until` (Berlin dates), each with its record if one was begun. */
export const serviceVisitsQueryOptions = (buildingId: string, from: string, until: string) =>
  queryOptions({
    queryKey: ["staff", "services", "visits", buildingId, from, until],
    queryFn: ({ signal }) =>
      apiGet(`/staff/service-visits${queryString({ from, until, building_id: buildingId })}`, z.array(serviceVisit), {
        signal,
      }),
    // A crew member may be at work right now: "läuft" turns into "erledigt" without a reload.
    refetchInterval: 60_000,
  });

/** A building's unplanned Einsätze begun from `from` to `until` (snow at 5:30, a tenant's call). */
export const unplannedRecordsQueryOptions = (buildingId: string, from: string, until: string) =>
  queryOptions({
    queryKey: ["staff", "services", "unplanned", buildingId, from, until],
    queryFn: ({ signal }) =>
      apiGet(
        `/staff/service-records${queryString({ from, until, building_id: buildingId })}`,
        z.array(unplannedServiceRecord),
        { signal },
      ),
    refetchInterval: 60_000,
  });

/** The tenants' "Leistung fehlt" reports of a building naming a day from `from` to `until`. */
export const serviceReportsQueryOptions = (buildingId: string, from: string, until: string) =>
  queryOptions({
    queryKey: ["staff", "services", "reports", buildingId, from, until],
    queryFn: ({ signal }) =>
      apiGet(`/staff/service-reports${queryString({ from, until, building_id: buildingId })}`, z.array(serviceReport), {
        signal,
      }),
  });

/** One record of an Einsatz: times, location result, checklist, materials, photos' hashes, content hash. */
export const serviceRecordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "services", "record", id],
    queryFn: ({ signal }) => apiGet(`/staff/service-records/${id}`, serviceRecord, { signal }),
  });
