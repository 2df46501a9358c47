import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.js";
import { batchPreparedQueries, preparedStatementName } from "./prepared.js";
import type { Database } from "./types.js";

// int8 (bigint, count(*)) arrives as a string by default; our values fit a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: DatabaseConfig["kind"];
  /**
   * Resolves when the database answers (`select 1`), past Kysely. /health asks on every call; calls
   * that arrive while a ping is out share it (on PostgreSQL), so each answer is still one the
   * database gave after the call came in, and a load balancer's storm of checks costs one round
   * trip at a time instead of one each (issue 13).
   */
  ping(): Promise<void>;
  destroy(): Promise<void>;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement anew; preparing costs more than running our small queries.
 * Statements are reused by SQL text (safe: better-sqlite3 runs them synchronously, and we never
 * stream, so no statement is busy while another query wants it).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Concurrent callers share the call in flight. The shared call may have started before a later
 * caller came, but it settles after: every caller still learns how things stand after it asked.
 */
function coalesce(run: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * Sends the per-request queries (`prepareQuery`, db/prepared.ts) as named statements: PostgreSQL
 * parses and plans them once per connection instead of once per call. On the 2-core machine this
 * raised the dashboard reads by 20–90 % (the session check is one of them; docs/benchmarks.md).
 * Every other query goes as before (unnamed). pg keeps the names it parsed per connection.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === "string" && Array.isArray(values)) {
      const name = preparedStatementName(config);
      if (name) return super.query({ name, text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

export function openDatabase(config: DatabaseConfig): DbHandle {
  if (config.kind === "sqlite") {
    if (config.file !== ":memory:") mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // SQLite's lower() folds ASCII only; PostgreSQL's folds every letter. Searches that ignore case
    // ("özdemir" finds "Özdemir") need the same on both, so lower() folds Unicode here as well.
    sqlite.function("lower", { deterministic: true }, (value: unknown) =>
      typeof value === "string" ? value.toLowerCase() : value,
    );
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    const select1 = sqlite.prepare("select 1");
    return {
      db,
      kind: "sqlite",
      ping: async () => {
        select1.get();
      },
      destroy: () => db.destroy(),
    };
  }
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: config.url,
    max: 10,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The per-request queries of one turn of the event loop go as one statement (db/prepared.ts).
  batchPreparedQueries(db);
  return {
    db,
    kind: "postgres",
    ping: coalesce(async () => {
      await pool.query("select 1");
    }),
    destroy: () => db.destroy(),
  };
}

/** True on PostgreSQL (for the few statements that differ: advisory locks). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs `work` in a transaction: a new one, or — when `db` already is one (an idempotent request's,
 * see plugins/app/idempotency.ts) — inside it, so that the change commits together with its key.
 */
export function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Refreshes the planner's statistics after migrations and bulk writes (seeds). Without them
 * PostgreSQL plans a fresh table as if it were empty (issue 13: a parallel plan for the messages
 * list, 15 req/s); SQLite's ANALYZE feeds its planner the same way.
 */
export async function analyze(db: Db): Promise<void> {
  if (!isPostgres(db)) {
    await sql`analyze`.execute(db);
    return;
  }
  // Only the app's own schema: a bare ANALYZE would visit every schema of the database.
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema()`.execute(db);
  if (rows.length === 0) return;
  await sql`analyze ${sql.join(rows.map((r) => sql.id(r.tablename)))}`.execute(db);
}
