import { listEntries, removeEntries, removeEntry } from "./queue-store";

/** 'Erneut versuchen': a refused entry waits again, and a sync starts. */
export { retryEntry } from "./sync";

/** 'Verwerfen': the change is never sent. */
export function discardEntry(id: string): Promise<void> {
  return removeEntry(id);
}

/** How many of the tenant's changes have not reached the server (logout asks before losing them). */
export async function countUnsynced(tenantId: string | null): Promise<number> {
  if (!tenantId) return 0;
  try {
    return (await listEntries()).filter((entry) => entry.tenantId === tenantId).length;
  } catch {
    return 0;
  }
}

/** A confirmed logout discards the tenant's own changes; other tenants' entries stay. */
export function discardTenantEntries(tenantId: string): Promise<number> {
  return removeEntries((entry) => entry.tenantId === tenantId);
}
