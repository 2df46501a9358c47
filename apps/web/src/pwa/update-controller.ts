/**
 * The update flow of the installed app (registerType "prompt"):
 *   none → available       a new version waits (the service worker's "waiting")
 *   available → none       'Später': the prompt comes back at the next start
 *   available → updating   'Jetzt aktualisieren' with no sync running: the waiting worker is activated
 *   … → waiting-for-sync   a sync runs: activation or reload waits until it has finished
 *   updating → reload      the new worker controls the page (also when another tab accepted)
 * The page is reloaded only when the tenant agreed (here or in another tab) and no sync runs.
 */
export type UpdatePhase = "none" | "available" | "waiting-for-sync" | "updating";

export interface UpdateControllerOptions {
  isSyncRunning: () => boolean;
  subscribeSync: (listener: () => void) => () => void;
  reload: () => void;
  /** The sync state is also re-read this often while waiting, should a notification be missed. */
  pollMs?: number;
  /** Reload anyway when the activated worker has not taken control after this long. */
  activationTimeoutMs?: number;
}

export interface UpdateController {
  getPhase(): UpdatePhase;
  subscribe(listener: () => void): () => void;
  /** The registration's function that activates the waiting worker (SKIP_WAITING). */
  setActivate(activate: () => Promise<void>): void;
  /** From the service worker: a new version is installed and waiting. */
  needRefresh(): void;
  /** The new version now controls this page; it must be reloaded to run it. */
  needReload(): void;
  /** The tenant chose 'Jetzt aktualisieren'. */
  accept(): void;
  /** The tenant chose 'Später'. */
  postpone(): void;
}

export const SYNC_POLL_MS = 1000;
export const ACTIVATION_TIMEOUT_MS = 10_000;

export function createUpdateController({
  isSyncRunning,
  subscribeSync,
  reload,
  pollMs = SYNC_POLL_MS,
  activationTimeoutMs = ACTIVATION_TIMEOUT_MS,
}: UpdateControllerOptions): UpdateController {
  let phase: UpdatePhase = "none";
  let activate: (() => Promise<void>) | null = null;
  let cancelWait: (() => void) | null = null;
  let activationTimer: ReturnType<typeof setTimeout> | null = null;
  let reloaded = false;
  const listeners = new Set<() => void>();

  const setPhase = (next: UpdatePhase) => {
    if (next === phase) return;
    phase = next;
    for (const listener of listeners) listener();
  };

  /** Runs `action` at once, or as soon as no sync runs. A newer request replaces a waiting one. */
  const whenSyncIdle = (action: () => void) => {
    cancelWait?.();
    if (!isSyncRunning()) {
      action();
      return;
    }
    setPhase("waiting-for-sync");
    const check = () => {
      if (isSyncRunning()) return;
      cancelWait?.();
      action();
    };
    const unsubscribe = subscribeSync(check);
    const timer = setInterval(check, pollMs);
    cancelWait = () => {
      unsubscribe();
      clearInterval(timer);
      cancelWait = null;
    };
  };

  const reloadOnce = () => {
    if (activationTimer) clearTimeout(activationTimer);
    activationTimer = null;
    if (reloaded) return;
    reloaded = true;
    setPhase("updating");
    reload();
  };

  const controller: UpdateController = {
    getPhase: () => phase,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setActivate(fn) {
      activate = fn;
    },
    needRefresh() {
      if (phase === "none") setPhase("available");
    },
    needReload() {
      whenSyncIdle(reloadOnce);
    },
    accept() {
      if (phase !== "available") return;
      whenSyncIdle(() => {
        const run = activate;
        if (!run) {
          console.warn("[pwa] Keine wartende Version zum Aktivieren");
          setPhase("available");
          return;
        }
        setPhase("updating");
        // Normally needReload follows within moments; should the worker never take control,
        // reloading still loads the new version or shows the prompt again.
        activationTimer = setTimeout(() => controller.needReload(), activationTimeoutMs);
        run().catch((error: unknown) => {
          console.warn("[pwa] Neue Version konnte nicht aktiviert werden", error);
          if (activationTimer) clearTimeout(activationTimer);
          activationTimer = null;
          setPhase("available");
        });
      });
    },
    postpone() {
      if (phase === "available") setPhase("none");
    },
  };
  return controller;
}
