/**
 * The server a Playwright worker talks to. global-setup starts one server (own data directory,
 * own demo seed, own port) per worker, so two workers never share a demo tenant; each worker
 * finds its own by its parallel index (Playwright sets TEST_PARALLEL_INDEX in every worker,
 * 0 … workers − 1).
 */
function workerSlot(): string {
  return process.env.TEST_PARALLEL_INDEX ?? "0";
}

/** Base URL of this worker's server. */
export function serverBaseUrl(): string {
  const url = process.env[`MP_BASE_URL_${workerSlot()}`];
  if (!url) throw new Error("MP_BASE_URL fehlt (global-setup startet den Server)");
  return url;
}

/** DATA_DIR of this worker's server (its mail outbox, the admin command line). */
export function serverDataDir(): string {
  const dir = process.env[`MP_DATA_DIR_${workerSlot()}`];
  if (!dir) throw new Error("MP_DATA_DIR fehlt (global-setup startet den Server)");
  return dir;
}
