import { useMemo, useSyncExternalStore } from "react";
import { sessionTenantId } from "@/lib/session";
import { normalizePath } from "./ordering";
import { listEntries, onQueueChange } from "./queue-store";
import { getSyncStatus, type SyncStatus, subscribeSyncStatus } from "./sync-status";
import type { QueueEntry } from "./types";

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}

const EMPTY: QueueEntry[] = [];
let snapshot: QueueEntry[] = EMPTY;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;
let loadSeq = 0;

/** Same entries in the same state: no new snapshot, so screens do not re-render for nothing. */
function sameEntries(a: QueueEntry[], b: QueueEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => {
      const other = b[i]!;
      return (
        entry.id === other.id &&
        entry.status === other.status &&
        entry.retryCount === other.retryCount &&
        entry.error === other.error &&
        entry.tenantId === other.tenantId
      );
    })
  );
}

async function reload(): Promise<void> {
  const seq = ++loadSeq;
  try {
    const entries = await listEntries();
    if (seq !== loadSeq || sameEntries(snapshot, entries)) return;
    snapshot = entries;
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopWatching) {
    stopWatching = onQueueChange(() => void reload());
    void reload();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stopWatching) {
      stopWatching();
      stopWatching = null;
    }
  };
}

const getSnapshot = () => snapshot;

/** Every entry of the offline queue on this device, oldest first; updates with every change (all tabs). */
export function useQueueEntries(): QueueEntry[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * The signed-in tenant's changes under a path that lists show as 'wartet auf Synchronisierung'
 * (e.g. usePendingChanges("/api/v1/tenant/repairs")). Refused ones are included with their status.
 */
export function usePendingChanges(urlPrefix: string): QueueEntry[] {
  const entries = useQueueEntries();
  const tenantId = sessionTenantId();
  const prefix = normalizePath(urlPrefix);
  return useMemo(
    () =>
      entries.filter((entry) => {
        if (!entry.listed || entry.tenantId !== tenantId) return false;
        const path = normalizePath(entry.url);
        return path === prefix || path.startsWith(`${prefix}/`);
      }),
    [entries, tenantId, prefix],
  );
}

/** For tests. */
export function resetQueueHooksForTests(): void {
  snapshot = EMPTY;
  stopWatching?.();
  stopWatching = null;
  listeners.clear();
}
