import type { QueryKey } from "@tanstack/react-query";
import { sessionTenantId } from "@/lib/session";
import { requestPersistentStorage } from "../persistent-storage";
import { changeTypeOf, normalizePath, resourceOf } from "./ordering";
import { signatureOf, toStoredBody } from "./payload";
import { addEntry, listEntries } from "./queue-store";
import { offlineTexts } from "./texts";
import { type OfflineResult, PRIORITIES, type QueueEntry, type QueueMethod } from "./types";

/** The entry could not be written to the device (quota, private mode…): the change is NOT saved. */
export class QueueStorageError extends Error {
  override readonly name = "QueueStorageError";
  constructor(override readonly cause: unknown) {
    super(offlineTexts.storageFailedDescription);
  }
}

/** A change as the central mutation path knows it. */
export interface ChangeToQueue {
  method: QueueMethod;
  url: string;
  data?: unknown;
  invalidates?: QueryKey[];
  idempotencyKey: string;
  /**
   * What the change is, as its declaration described it when it was made (lib/changes); stored
   * with the entry. A change without one gets the neutral label.
   */
  label?: string;
  detail?: string | null;
  listed?: boolean;
}

let lastTimestamp = 0;
/** Creation time, strictly increasing within this tab so two quick changes keep their order. */
function nextTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export async function buildEntry(change: ChangeToQueue, tenantId: string): Promise<QueueEntry> {
  const body = await toStoredBody(change.data);
  const type = changeTypeOf(change.method);
  return {
    id: newId(),
    url: change.url,
    method: change.method,
    data: body.data,
    bodyKind: body.bodyKind,
    queryKey: change.invalidates ?? [],
    type,
    priority: PRIORITIES[type],
    timestamp: nextTimestamp(),
    retryCount: 0,
    lastRetry: null,
    error: null,
    idempotencyKey: change.idempotencyKey,
    tenantId,
    label: change.label ?? offlineTexts.genericLabel,
    detail: change.detail ?? null,
    listed: change.listed ?? true,
    status: "pending",
    resource: resourceOf(change.url),
    signature: signatureOf(change.method, normalizePath(change.url), body),
  };
}

/**
 * Puts a change in the queue and answers the fake success only after the entry is committed
 * (DESIGN §4.4). A duplicate of a waiting change is refused silently: the answer is the same.
 */
export async function enqueueChange(
  change: ChangeToQueue,
  tenantId: string | null = sessionTenantId(),
): Promise<OfflineResult> {
  if (!tenantId) throw new Error("Ohne Anmeldung kann keine Änderung gespeichert werden.");
  let outcome: Awaited<ReturnType<typeof addEntry>>;
  try {
    outcome = await addEntry(await buildEntry(change, tenantId));
  } catch (error) {
    console.error("[offline] Änderung konnte nicht gespeichert werden", error);
    throw new QueueStorageError(error);
  }
  // The first queued change asks the browser to keep the site's storage under pressure.
  void requestPersistentStorage();
  return { success: true, message: offlineTexts.queuedMessage, offline: true, entryId: outcome.entry.id };
}

/**
 * True when a change of this tenant to the same resource still waits: a new change must queue
 * behind it, or it would overtake it (e.g. an online cancel before the offline confirm).
 */
export async function hasWaitingChangeFor(url: string, tenantId: string): Promise<boolean> {
  const resource = resourceOf(url);
  if (!resource) return false;
  try {
    const entries = await listEntries();
    return entries.some((e) => e.status === "pending" && e.tenantId === tenantId && e.resource === resource);
  } catch {
    return false;
  }
}

/** For tests. */
export function resetEnqueueForTests(): void {
  lastTimestamp = 0;
}
