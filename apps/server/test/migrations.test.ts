import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationSchema } from "../src/app.js";
import { createMigrator } from "../src/db/migrate.js";
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
  });
});
