import type { QueryKey } from "@tanstack/react-query";

/** Spec section 4: POST = create, PUT/PATCH = update, DELETE = delete, anything else = read. */
export type ChangeType = "create" | "update" | "delete" | "read";

/** Spec section 9: higher runs first. */
export const PRIORITIES: Record<ChangeType, number> = { create: 30, update: 20, delete: 40, read: 10 };

/** Spec section 9: after this many attempts an entry is logged (and still kept). */
export const MAX_RETRIES = 3;

export type QueueMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** A file of a multipart body as bytes: survives every browser's IndexedDB and the structured clone. */
export interface StoredFile {
  kind: "file";
  bytes: ArrayBuffer;
  name: string;
  type: string;
  lastModified: number;
}

/** A multipart body as data; rebuilt as FormData when it is sent. Field order is kept. */
export interface StoredMultipart {
  fields: [string, string | StoredFile][];
}

/**
 * pending: waits for the next sync (also after a retriable failure such as 5xx, 409 or no network);
 * failed: refused by the server (other 4xx) and not retried until the tenant asks.
 */
export type EntryStatus = "pending" | "failed";

/** One change waiting in the offline queue: every field of spec section 3 plus what safe replay needs. */
export interface QueueEntry {
  id: string;
  url: string;
  method: QueueMethod;
  /** The payload: JSON data as made, or a multipart body when bodyKind is "multipart". */
  data: unknown;
  bodyKind: "json" | "multipart" | "none";
  /** Cache keys to refresh after success. */
  queryKey: QueryKey[];
  type: ChangeType;
  priority: number;
  /** Creation time (ms); strictly increasing within one tab so creation order is exact. */
  timestamp: number;
  retryCount: number;
  lastRetry: number | null;
  error: string | null;
  /** Made when the tenant made the change; the same on every attempt, also after a reload. */
  idempotencyKey: string;
  /** The signed-in tenant who made it; another tenant's entries are never sent. */
  tenantId: string;
  /** What it is, in German ('Reparaturmeldung'); detail: a short summary of the content. */
  label: string;
  detail: string | null;
  /** Whether lists show it as 'wartet auf Synchronisierung' (not for e.g. marking a message read). */
  listed: boolean;
  status: EntryStatus;
  /** Same resource (e.g. tenant/appointments/{id}) → kept in creation order (DESIGN §4.6). */
  resource: string | null;
  /** url + method + payload, for refusing duplicates. */
  signature: string;
}

/** The fake success a queued change answers with (spec section 4). */
export interface OfflineResult {
  success: true;
  message: string;
  offline: true;
  entryId: string;
}

export function isOfflineResult(value: unknown): value is OfflineResult {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { offline?: unknown }).offline === true &&
    (value as { success?: unknown }).success === true
  );
}
