import { apiRequest } from "@/lib/api/request";
import { sessionToken } from "@/lib/session";

/**
 * Stored photos need the bearer token, so an <img src> cannot load them: they are fetched as blobs
 * and shown through object URLs. Photos never change, so a blob is kept for the session; the key
 * holds the token so another sign-in on the same device never sees these bytes.
 * (Kept out of the query cache: its persister would write blobs as empty objects.)
 */
const MAX_CACHED = 60;
const blobs = new Map<string, Promise<Blob>>();

export function loadPhotoBlob(url: string): Promise<Blob> {
  const key = `${sessionToken() ?? ""} ${url}`;
  const cached = blobs.get(key);
  if (cached) {
    // Most recently used last, so the oldest is dropped first.
    blobs.delete(key);
    blobs.set(key, cached);
    return cached;
  }
  const loading = apiRequest("GET", url).then((res) => res.blob());
  blobs.set(key, loading);
  loading.catch(() => blobs.delete(key));
  while (blobs.size > MAX_CACHED) {
    const oldest = blobs.keys().next().value;
    if (oldest === undefined) break;
    blobs.delete(oldest);
  }
  return loading;
}
