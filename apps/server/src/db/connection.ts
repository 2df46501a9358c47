import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.js";
import type { Database } from "./types.js";

// int8 (bigint, count(*)) arrives as a string by default; our values fit a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: DatabaseConfig["kind"];
  destroy(): Promise<void>;
}

export function openDatabase(config: DatabaseConfig): DbHandle {
  if (config.kind === "sqlite") {
    if (config.file !== ":memory:") mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, kind: "sqlite", destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", destroy: () => db.destroy() };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
