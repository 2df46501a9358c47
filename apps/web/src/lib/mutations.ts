import { isNetworkFailure } from "@mieter-portal/offline/network-failure";
import type { QueryKey } from "@tanstack/react-query";
import { apiRequest, type HttpMethod, readJson, type UploadProgress } from "@/lib/api/request";
import { sessionTenantId } from "@/lib/session";
import { isOffline } from "./network";
import { loadQueue } from "./offline/queue-bridge";
import { isQueueableUrl } from "./offline/tenant";

/**
 * Every change to server data goes through one generic mutation: method, url and payload (and an
 * Idempotency-Key made when the change is made). Offline, or when the network fails, a change of
 * the tenant's data goes into the offline queue (lib/offline) instead, with the same key, and the
 * screen gets the fake success {success, message, offline: true} once the entry is stored.
 */
export interface ApiMutationVariables {
  method: Exclude<HttpMethod, "GET">;
  url: string;
  data?: unknown;
  /** Cache keys to refresh after success (spec: "queryKey" of a queue entry). */
  invalidates?: QueryKey[];
  idempotencyKey: string;
  /**
   * What the change is, in German, as its declaration described it when it was made (lib/changes):
   * the queue stores it with the entry. detail: a short summary; listed: false keeps it out of
   * the screens' 'wartet auf Synchronisierung' lists.
   */
  label?: string;
  detail?: string | null;
  listed?: boolean;
  /** Needs a live answer (sign-in, password): never queued. */
  live?: boolean;
}

/**
 * A multipart body as plain data: text fields and Blobs/Files. Unlike FormData it survives a
 * structured clone (IndexedDB), so a queued upload keeps its file; it is sent as FormData.
 */
export interface MultipartPayload {
  multipart: Record<string, string | Blob>;
}

export function multipartPayload(fields: Record<string, string | Blob>): MultipartPayload {
  return { multipart: fields };
}

function isMultipartPayload(data: unknown): data is MultipartPayload {
  return typeof data === "object" && data !== null && "multipart" in data && typeof data.multipart === "object";
}

/** The FormData of a multipart body, or null for JSON bodies. */
export function toFormData(data: unknown): FormData | null {
  if (typeof FormData !== "undefined" && data instanceof FormData) return data;
  if (!isMultipartPayload(data)) return null;
  const form = new FormData();
  for (const [name, value] of Object.entries(data.multipart)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, value instanceof File ? value.name : undefined);
  }
  return form;
}

export type UploadProgressListener = (progress: UploadProgress) => void;

/**
 * Upload progress by the mutation's Idempotency-Key. Callbacks cannot live in the mutation's
 * variables (they must stay data for the queue), so the screen listens here instead.
 */
const uploadProgressListeners = new Map<string, Set<UploadProgressListener>>();

export function onUploadProgress(idempotencyKey: string, listener: UploadProgressListener): () => void {
  let listeners = uploadProgressListeners.get(idempotencyKey);
  if (!listeners) {
    listeners = new Set();
    uploadProgressListeners.set(idempotencyKey, listeners);
  }
  listeners.add(listener);
  return () => {
    const current = uploadProgressListeners.get(idempotencyKey);
    current?.delete(listener);
    if (current?.size === 0) uploadProgressListeners.delete(idempotencyKey);
  };
}

function reportUploadProgress(idempotencyKey: string, progress: UploadProgress): void {
  for (const listener of uploadProgressListeners.get(idempotencyKey) ?? []) listener(progress);
}

/** Sends the change now, without the queue (the sync replays queued entries through this). */
export async function sendApiRequest(variables: ApiMutationVariables): Promise<unknown> {
  const headers = { "Idempotency-Key": variables.idempotencyKey };
  const form = toFormData(variables.data);
  // Multipart bodies go over XMLHttpRequest: fetch cannot report upload progress (loaded on the
  // first upload, not part of the login's start-up JavaScript).
  const res = form
    ? await (await import("./api-upload")).apiUpload(variables.method, variables.url, form, {
        headers,
        onUploadProgress: (progress) => reportUploadProgress(variables.idempotencyKey, progress),
      })
    : await apiRequest(variables.method, variables.url, variables.data, { headers });
  return readJson(res);
}

/**
 * The one way a change reaches the server. The tenant's changes are queued instead of sent when
 * the app is offline, when an earlier change of the same resource still waits (it must not be
 * overtaken), or when the request fails for lack of network. Sign-in and password changes are
 * never queued: they need a live answer.
 */
export async function sendApiMutation(variables: ApiMutationVariables): Promise<unknown> {
  const tenantId = !variables.live && isQueueableUrl(variables.url) ? sessionTenantId() : null;
  if (tenantId) {
    const queue = await loadQueue();
    if (isOffline() || (await queue.hasWaitingChangeFor(variables.url, tenantId))) {
      return queue.enqueueChange(variables, tenantId);
    }
  }
  try {
    return await sendApiRequest(variables);
  } catch (error) {
    if (tenantId && isNetworkFailure(error)) return (await loadQueue()).enqueueChange(variables, tenantId);
    throw error;
  }
}
