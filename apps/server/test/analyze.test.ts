import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "../src/db/connection.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("planner statistics", () => {
  it("are gathered after the migrations ran on a fresh database (issue 13: no plan chosen for empty tables)", async () => {
    if (isPostgres(ctx.db)) {
      const { rows } = await sql<{ relname: string; analyzed: boolean }>`
        select relname, (last_analyze is not null) as analyzed
        from pg_stat_user_tables where schemaname = current_schema()`.execute(ctx.db);
      expect(rows.find((r) => r.relname === "messages")?.analyzed).toBe(true);
      expect(rows.every((r) => r.analyzed)).toBe(true);
    } else {
      // SQLite keeps ANALYZE's results in sqlite_stat1, which only ANALYZE creates.
      const { rows } = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(ctx.db);
      expect(rows).toHaveLength(1);
    }
  });
});
