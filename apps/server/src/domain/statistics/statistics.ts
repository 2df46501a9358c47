import { sql } from "kysely";
import { analyze, type Db, isPostgres } from "../../db/connection.js";
import type { Database } from "../../db/types.js";

/**
 * The planner's statistics after the portfolio grows (issue 24 item 14, decision 030): after each
 * import (routes and command line call refreshStatisticsAfterImport once the import committed) and
 * daily (lib/statistics-schedule.ts). db/connection.ts's analyze() runs after migrations and seeds.
 */
/** The tables a tenant or statement import fills (tenants, tenancies, their accounts, charges and bookings). */
const IMPORTED_TABLES = [
  "tenants",
  "tenancies",
  "tenant_invitations",
  "rent_accounts",
  "payments",
  "payment_allocations",
  "bank_transactions",
  "bank_imports",
] as const satisfies readonly (keyof Database)[];

/** ANALYZE in SQLite reads about this many rows of each index: approximate, and bounded in cost. */
const SQLITE_ANALYSIS_LIMIT = 1000;

/**
 * Refreshes the statistics of the tables an import fills, after its commit (routes and command
 * line). A portfolio that grows from a few tenants to thousands in one import otherwise keeps the
 * statistics of the few: SQLite then scanned the buildings for every row of the account list and
 * nested scans grew with the square of the portfolio (issue 24 item 14, decision 030).
 */
export async function refreshStatisticsAfterImport(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`analyze ${sql.join(IMPORTED_TABLES.map((t) => sql.id(t)))}`.execute(db);
    return;
  }
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  for (const table of IMPORTED_TABLES) await sql`analyze ${sql.id(table)}`.execute(db);
}

/**
 * The daily refresh (lib/statistics-schedule.ts). SQLite: PRAGMA optimize analyzes the tables whose
 * size changed a lot since their statistics were taken (0x10000: every table, also those this
 * connection has not used; 0x02: run ANALYZE), bounded by the analysis limit. PostgreSQL's
 * autovacuum analyzes changed tables by itself; ANALYZE of the app's tables reads a sample of each
 * (at most 30,000 rows), so the daily run is cheap and catches what autovacuum has not yet.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await analyze(db);
    return;
  }
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql.raw("pragma optimize = 0x10002").execute(db);
}
