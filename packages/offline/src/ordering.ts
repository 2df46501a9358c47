import { normalizePath } from "./paths";
import type { ChangeType, QueueEntry } from "./types";

/** Spec section 9: higher runs first. */
export const PRIORITIES: Record<ChangeType, number> = { create: 30, update: 20, delete: 40, read: 10 };

export function changeTypeOf(method: string): ChangeType {
  switch (method.toUpperCase()) {
    case "POST":
      return "create";
    case "PUT":
    case "PATCH":
      return "update";
    case "DELETE":
      return "delete";
    default:
      return "read";
  }
}

/**
 * The one thing an entry changes, under the app's realm of the API (the tenant app: "tenant"):
 * "tenant/appointments/{id}" for .../tenant/appointments/{id}/status. A create on a collection
 * (POST /tenant/repairs) touches no existing resource: null.
 */
export function resourceOf(url: string, realm: string): string | null {
  const segments = normalizePath(url).split("/").filter(Boolean);
  const at = segments.indexOf(realm);
  const rest = at >= 0 ? segments.slice(at + 1) : segments;
  if (rest.length < 2) return null;
  return `${at >= 0 ? `${realm}/` : ""}${rest[0]}/${decodeURIComponent(rest[1]!)}`;
}

/** Fills in type and priority when an entry lacks them (spec section 4). */
export function withTypeAndPriority(entry: QueueEntry): QueueEntry {
  const type = entry.type ?? changeTypeOf(entry.method);
  const priority = typeof entry.priority === "number" ? entry.priority : PRIORITIES[type];
  return type === entry.type && priority === entry.priority ? entry : { ...entry, type, priority };
}

function byCreation(a: QueueEntry, b: QueueEntry): number {
  return a.timestamp - b.timestamp || a.id.localeCompare(b.id);
}

/**
 * Spec order: higher priority first, then older first. DESIGN §4.6: entries of the same resource
 * keep the order in which they were made — they take the places the spec order gives their group,
 * filled in creation order (so a cancel never overtakes the confirm made before it).
 */
export function sortForSync(entries: QueueEntry[]): QueueEntry[] {
  const typed = entries.map(withTypeAndPriority);
  const spec = [...typed].sort((a, b) => b.priority - a.priority || byCreation(a, b));
  const groups = new Map<string, QueueEntry[]>();
  for (const entry of typed) {
    if (!entry.resource) continue;
    const group = groups.get(entry.resource) ?? [];
    group.push(entry);
    groups.set(entry.resource, group);
  }
  for (const group of groups.values()) group.sort(byCreation);
  return spec.map((entry) => (entry.resource ? groups.get(entry.resource)!.shift()! : entry));
}
