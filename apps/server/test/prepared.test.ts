import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "../src/db/connection.js";
import { preparedStatementName, prepareQuery } from "../src/db/prepared.js";
import { createTenant, createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const byEmail = prepareQuery(["email", "firstName"], (db, p) =>
  db
    .selectFrom("tenants")
    .select(["id", "email", "first_name"])
    .where("email_normalized", "=", p.email)
    .where("first_name", "=", p.firstName)
    .where("last_name", "<>", "niemand")
    .orderBy("id")
    .limit(5),
);

describe("prepareQuery", () => {
  it("runs the compiled query with each call's values in their places and keeps the constants", async () => {
    const a = await createTenant(ctx.db, { email: "prep-a@example.com", firstName: "Anna" });
    const b = await createTenant(ctx.db, { email: "prep-b@example.com", firstName: "Bernd" });

    expect(await byEmail.execute(ctx.db, { email: "prep-a@example.com", firstName: "Anna" })).toEqual([
      { id: a.id, email: "prep-a@example.com", first_name: "Anna" },
    ]);
    // Same compiled query, other values: nothing of the first call sticks.
    expect(await byEmail.executeTakeFirst(ctx.db, { email: "prep-b@example.com", firstName: "Bernd" })).toEqual({
      id: b.id,
      email: "prep-b@example.com",
      first_name: "Bernd",
    });
    // Values are bound, not spliced into SQL: a quote is just a character.
    expect(await byEmail.execute(ctx.db, { email: "x' or '1'='1", firstName: "Anna" })).toEqual([]);
    expect(await byEmail.executeTakeFirst(ctx.db, { email: "prep-a@example.com", firstName: "Bernd" })).toBeUndefined();
  });

  it("refuses a parameter the query does not use as a value", async () => {
    const unused = prepareQuery(["tenantId", "forgotten"], (db, p) =>
      db.selectFrom("tenants").select("id").where("id", "=", p.tenantId),
    );
    await expect(unused.execute(ctx.db, { tenantId: "x", forgotten: "y" })).rejects.toThrow(
      "parameter not used as a value: forgotten",
    );
  });

  it("refuses a parameter built into another value", async () => {
    const prefixed = prepareQuery(["name"], (db, p) =>
      db.selectFrom("tenants").select("id").where("first_name", "=", p.name).where("last_name", "like", `${p.name}%`),
    );
    await expect(prefixed.execute(ctx.db, { name: "x" })).rejects.toThrow("used inside another value");
    const embedded = prepareQuery(["name"], (db, p) =>
      db.selectFrom("tenants").select("id").where("first_name", "=", p.name).where("last_name", "=", `Frau ${p.name}`),
    );
    await expect(embedded.execute(ctx.db, { name: "x" })).rejects.toThrow("used inside another value");
  });

  it("refuses a parameter written into the SQL text", async () => {
    const inlined = prepareQuery(["name"], (db, p) =>
      db
        .selectFrom("tenants")
        .select("id")
        .where("first_name", "=", p.name)
        .where(sql<boolean>`last_name = ${sql.lit(p.name)}`),
    );
    await expect(inlined.execute(ctx.db, { name: "x" })).rejects.toThrow("written into the SQL text");
  });

  it("is a named statement on PostgreSQL, parsed once per connection; other queries stay unnamed", async () => {
    if (!isPostgres(ctx.db)) {
      // SQLite reuses statements by their text already (db/connection.ts); nothing is named there.
      expect(preparedStatementName("select 1")).toBeUndefined();
      return;
    }
    const a = await createTenant(ctx.db, { email: "prep-named@example.com", firstName: "Nora" });
    // One connection throughout: PostgreSQL keeps prepared statements per connection.
    const named = await ctx.db.connection().execute(async (conn) => {
      expect(await byEmail.execute(conn, { email: "prep-named@example.com", firstName: "Nora" })).toEqual([
        { id: a.id, email: "prep-named@example.com", first_name: "Nora" },
      ]);
      // The second call binds new values to the statement parsed by the first.
      expect(await byEmail.execute(conn, { email: "prep-named@example.com", firstName: "Nina" })).toEqual([]);
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(conn);
      return rows;
    });
    const compiledSql = byEmail.compiledSql(ctx.db);
    const name = preparedStatementName(compiledSql);
    expect(name).toMatch(/^mp_\d+$/);
    expect(named).toContainEqual({ name, statement: compiledSql });
    // The ad-hoc query that listed them was not named.
    expect(named.some((r) => r.statement.includes("pg_prepared_statements"))).toBe(false);
  });
});
