import { randomUUID } from "node:crypto";
import pg from "pg";

async function withClient(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * With BENCH_DATABASE_URL (postgres://…): a fresh schema of its own in that database for one bench
 * part, dropped afterwards; without it undefined (the part runs on SQLite).
 */
export async function benchSchema(prefix: string): Promise<{ schema: string; drop: () => Promise<void> } | undefined> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return undefined;
  const schema = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await withClient(url, `create schema ${schema}`);
  return { schema, drop: () => withClient(url, `drop schema if exists ${schema} cascade`) };
}
