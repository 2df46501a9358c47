let request: Promise<boolean> | null = null;

/**
 * Asks the browser once per session to keep this site's storage under pressure (issue 5): call it
 * when the device starts holding something the tenant would miss, the first queued change or an
 * opened document. Resolves to whether storage is persistent; never throws.
 */
export function requestPersistentStorage(): Promise<boolean> {
  request ??= (async () => {
    try {
      const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
      if (!storage?.persist) return false;
      if (storage.persisted && (await storage.persisted())) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return request;
}

/** For tests: ask again. */
export function resetPersistentStorageRequestForTests(): void {
  request = null;
}
