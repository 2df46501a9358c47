import { useSyncExternalStore } from "react";
import { workStore } from "./einsatz";
import { entriesSnapshot } from "./queue";
import { getSession } from "./session";

/** The queue's entries (all tabs), for the "wartet auf Synchronisierung" states. */
export function useQueueEntries() {
  return useSyncExternalStore(entriesSnapshot.subscribe, entriesSnapshot.get);
}

/** The Einsätze this device began, of the signed-in crew member. */
export function useWorks() {
  const all = useSyncExternalStore(workStore.subscribe, workStore.all);
  const accountId = getSession()?.staff.id;
  return all.filter((w) => w.accountId === accountId);
}

/** A building's name from the crew member's profile (its assigned buildings). */
export function buildingName(buildingId: string): string {
  return getSession()?.staff.buildings.find((b) => b.id === buildingId)?.name ?? "Haus";
}
