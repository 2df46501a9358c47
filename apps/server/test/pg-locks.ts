import { sql } from "kysely";
import { expect } from "vitest";
import type { Db } from "../src/db/connection.js";

/*
 * Races on PostgreSQL with a transaction held open: the second session's backend, and the wait
 * until it is blocked on the first one's lock (a state, not a time).
 */

/** The PostgreSQL backend serving this transaction or connection. */
export async function backendPid(db: Db): Promise<number | undefined> {
  return (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;
}

/**
 * Resolves once the backend `pid()` names waits on a lock (fails after 20 s). A getter: the blocked
 * transaction learns its pid only once it has started, after this is called.
 */
export async function waitUntilWaitingOnLock(db: Db, pid: () => number | undefined): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where pid = ${pid() ?? -1} and wait_event_type = 'Lock'`.execute(db)
        ).rows[0]?.n,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}
