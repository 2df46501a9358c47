import { DEFAULT_SITE_TOLERANCE_M, type ServiceRecordStart } from "@mieter-portal/contracts/services";
import type { ServiceRecordsTable } from "../../db/types.js";

/** The position check on Beginn (issue 27 §2, decision 042): its result is stored, never the fix. */

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The position check's result, never the position: "am Objekt" when the fix, widened by its own
 * accuracy, reaches the house's tolerance circle.
 */
export function siteCheck(
  building: { latitude: number | null; longitude: number | null; site_tolerance_m: number | null },
  fix: ServiceRecordStart["position"],
): Pick<ServiceRecordsTable, "on_site" | "distance_m" | "accuracy_m"> {
  if (!fix || building.latitude === null || building.longitude === null) {
    return { on_site: null, distance_m: null, accuracy_m: null };
  }
  const distance = distanceMetres(fix, { latitude: building.latitude, longitude: building.longitude });
  const tolerance = building.site_tolerance_m ?? DEFAULT_SITE_TOLERANCE_M;
  return {
    on_site: distance - fix.accuracy_m <= tolerance ? 1 : 0,
    distance_m: Math.round(distance),
    accuracy_m: Math.round(fix.accuracy_m),
  };
}
