/**
 * What the offline queue stores and answers. Nothing here knows an app: the tenant app and the
 * crew app give the texts, the database name and how a request is sent (decision 050). Types and
 * isOfflineResult only: the tenant app's start-up code imports this module, and every value here
 * would travel in its login's JavaScript (the priorities live in ordering.ts, MAX_RETRIES in sync.ts).
 */

/** A cache key to refresh once a change went through (the shape of TanStack Query's keys). */
export type QueryKey = readonly unknown[];

/** Spec section 4: POST = create, PUT/PATCH = update, DELETE = delete, anything else = read. */
export type ChangeType = "create" | "update" | "delete" | "read";

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
 * failed: refused by the server (other 4xx) and not retried until the user asks.
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
  /** Made when the change was made; the same on every attempt, also after a reload. */
  idempotencyKey: string;
  /**
   * The signed-in account that made it (the tenant app: the tenant; the crew app: the staff
   * member); another account's entries are never sent. Named as the tenant app first stored it,
   * so entries queued before the package existed are read as they are (decision 050).
   */
  tenantId: string;
  /** What it is, in the app's words ('Reparaturmeldung'); detail: a short summary of the content. */
  label: string;
  detail: string | null;
  /** Whether lists show it as waiting (not for e.g. marking a message read). */
  listed: boolean;
  status: EntryStatus;
  /** Same resource (e.g. tenant/appointments/{id}) → kept in creation order (DESIGN §4.6). */
  resource: string | null;
  /** url + method + payload, for refusing duplicates. */
  signature: string;
}

/** The fake success a queued change answers with (spec section 4); the message is the app's. */
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
