import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationSchema } from "../src/app.js";
import { createMigrator, schemaIntrospector } from "../src/db/migrate.js";
import { insertThread } from "./factories/messages.js";
import { insertPayment } from "./factories/payments.js";
import { api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("migrations", () => {
  it("step down and up again over data, and the app answers as before", async () => {
    const tenant = await createTenant(ctx.db);
    await insertPayment(ctx.db, tenant, { status: "pending", dueDate: "2026-12-03" });
    const token = await login(ctx.app, tenant);
    const before = (await api(ctx.app, token).get("/api/v1/tenant/payments/current")).json();
    expect(before).toMatchObject({ due_date: "2026-12-03", status: expect.any(String) });
    // 0012 fills the threads' summaries from their messages when it comes up again.
    await insertThread(ctx.db, tenant.id, "Heizung", [
      { receivedAt: "2026-01-02T09:00:00.000Z", content: "Erste", readAt: "2026-01-02T10:00:00.000Z" },
      { direction: "outbound", receivedAt: "2026-01-03T09:00:00.000Z", content: "Antwort" },
      { receivedAt: "2026-01-04T09:00:00.000Z", content: "Zweite" },
    ]);
    const received = () => api(ctx.app, token).get("/api/v1/tenant/messages?filter=received&limit=2");
    const receivedBefore = (await received()).json();
    expect(receivedBefore).toMatchObject([{ content: "Zweite", message_count: 3, unread_count: 1 }]);

    const migrator = createMigrator(ctx.db, migrationSchema(ctx.config));
    const latest = (await migrator.getMigrations()).map((m) => m.name);
    expect(latest.length).toBeGreaterThanOrEqual(2);

    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(down.results).toEqual([{ migrationName: latest.at(-1), direction: "Down", status: "Success" }]);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results).toEqual([{ migrationName: latest.at(-1), direction: "Up", status: "Success" }]);
    expect((await migrator.getMigrations()).every((m) => m.executedAt instanceof Date)).toBe(true);

    expect((await api(ctx.app, token).get("/api/v1/tenant/payments/current")).json()).toEqual(before);
    expect((await received()).json()).toEqual(receivedBefore);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("migrations beside other schemas (PostgreSQL)", () => {
  it("look only at their own schema, so other schemas coming and going never fail them", async () => {
    const schema = migrationSchema(ctx.config)!;
    const other = `o_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      await admin.query(`create schema ${other}; create table ${other}.kysely_migration (id serial primary key)`);
      // The migrator's view of the tables: this schema's only, its bookkeeping tables among them.
      const tables = await schemaIntrospector(ctx.db, schema).getTables();
      expect(tables.every((t) => t.schema === schema)).toBe(true);
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["kysely_migration", "tenants"]));

      // Down and up again while another client creates and drops schemas with tables all the time
      // (Kysely's own introspection scanned them all and failed on one dropped mid-scan).
      let churning = true;
      const churn = (async () => {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        try {
          for (let i = 0; churning; i++) {
            const name = `${other}_${i}`;
            await client.query(`create schema ${name}; create table ${name}.t (id serial primary key, v text)`);
            await client.query(`drop schema ${name} cascade`);
          }
        } finally {
          await client.end();
        }
      })();
      const migrator = createMigrator(ctx.db, schema);
      try {
        for (let round = 0; round < 5; round++) {
          const down = await migrator.migrateDown();
          expect(down.error).toBeUndefined();
          const up = await migrator.migrateToLatest();
          expect(up.error).toBeUndefined();
          expect(up.results?.map((r) => r.status)).toEqual(["Success"]);
        }
      } finally {
        churning = false;
        await churn;
      }
      // Up to date: nothing runs twice (the bookkeeping tables were found).
      expect((await migrator.migrateToLatest()).results).toEqual([]);
    } finally {
      await admin.query(`drop schema if exists ${other} cascade`);
      await admin.end();
    }
  });
});
