import { CLOSED_REPAIR_STATUSES, type Repair } from "@mieter-portal/contracts";
import { REPAIR_LOCATION_LABELS, REPAIR_TYPE_LABELS, repairTexts } from "./texts";

/** Completed and canceled repairs are history; everything else is current. Order is kept (newest first). */
export function partitionRepairs(repairs: Repair[]): { current: Repair[]; completed: Repair[] } {
  const current: Repair[] = [];
  const completed: Repair[] = [];
  for (const repair of repairs) (CLOSED_REPAIR_STATUSES.includes(repair.status) ? completed : current).push(repair);
  return { current, completed };
}

/** 'Heizung – Schlafzimmer'. */
export function repairTitle(repair: Pick<Repair, "type" | "location">): string {
  return repairTexts.detail.title(REPAIR_TYPE_LABELS[repair.type], REPAIR_LOCATION_LABELS[repair.location]);
}
