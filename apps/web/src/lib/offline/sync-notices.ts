import type { SyncAnnouncer } from "@mieter-portal/offline/sync";
import { notify } from "../notify";
import { offlineTexts } from "./texts";

/**
 * What a sync run tells the tenant (spec section 4), apart from the run loop (issue 15 §3). A
 * quiet run (periodic, after an enqueue) speaks only when something changed.
 */
const t = offlineTexts.sync;

export const syncAnnouncer: SyncAnnouncer = {
  start(quiet, total) {
    if (!quiet) notify({ title: t.startedTitle, description: t.started(total) });
  },

  done(quiet, { completed, failed, refused }) {
    if (failed === 0) {
      if (!quiet || completed > 0) notify({ title: t.doneTitle, description: t.doneAll(completed) });
    } else if (completed === 0) {
      if (!quiet || refused > 0)
        notify({ variant: "destructive", title: t.failedTitle, description: t.failedDescription });
    } else {
      notify({ variant: "destructive", title: t.doneTitle, description: t.doneWithFailures(completed, failed) });
    }
  },

  throttled(quiet, completed, total) {
    if (!quiet || completed > 0) notify({ title: t.throttledTitle, description: t.throttled(completed, total) });
  },

  interrupted(quiet, completed, total) {
    if (!quiet || completed > 0) {
      notify({ variant: "destructive", title: t.interruptedTitle, description: t.interrupted(completed, total) });
    }
  },

  error() {
    notify({ variant: "destructive", title: t.failedTitle, description: t.failedDescription });
  },
};
