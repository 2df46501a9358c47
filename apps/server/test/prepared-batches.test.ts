import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "../src/db/connection.js";
import { observeBatches, prepareQuery } from "../src/db/prepared.js";
import { revokeToken } from "../src/domain/tenants/auth.js";
import { api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// A list with an order, a limit and a constant, as the per-request reads have them.
const byFirstName = prepareQuery(["firstName", "after"], (db, p) =>
  db
    .selectFrom("tenants")
    .select(["id", "email", "first_name", "session_version"])
    .where("first_name", "=", p.firstName)
    .where("email", ">", p.after)
    .where("last_name", "<>", "niemand")
    .orderBy("email", "desc")
    .limit(3),
);

/** Runs `work` and returns what it gave and the sizes of the batches sent meanwhile. */
async function watched<T>(work: () => Promise<T>): Promise<[T, number[]]> {
  const sizes: number[] = [];
  const stop = observeBatches((size) => sizes.push(size));
  try {
    return [await work(), sizes];
  } finally {
    stop();
  }
}

describe("prepared queries of one turn of the event loop go as one statement (PostgreSQL, issue 13)", () => {
  it.skipIf(!onPostgres)("gives each call its own rows in its own order, constants kept", async () => {
    expect(isPostgres(ctx.db)).toBe(true);
    for (const n of [1, 2, 3, 4]) await createTenant(ctx.db, { firstName: "Ida", email: `ida-${n}@batch.example` });
    for (const n of [1, 2]) await createTenant(ctx.db, { firstName: "Jan", email: `jan-${n}@batch.example` });
    await createTenant(ctx.db, { firstName: "Ida", lastName: "niemand", email: "ida-9@batch.example" });

    const calls = [
      { firstName: "Ida", after: "" },
      { firstName: "Jan", after: "" },
      { firstName: "Ida", after: "ida-2@batch.example" },
      { firstName: "Kai", after: "" },
      // Values are bound, not spliced into SQL: a quote is just a character.
      { firstName: "x' or '1'='1", after: "" },
      { firstName: "Ida", after: "" },
    ];
    const [batched, sizes] = await watched(() => Promise.all(calls.map((v) => byFirstName.execute(ctx.db, v))));
    expect(sizes).toEqual([calls.length]);
    const emails = batched.map((rows) => rows.map((r) => r.email));
    expect(emails).toEqual([
      ["ida-4@batch.example", "ida-3@batch.example", "ida-2@batch.example"],
      ["jan-2@batch.example", "jan-1@batch.example"],
      ["ida-4@batch.example", "ida-3@batch.example"],
      [],
      [],
      ["ida-4@batch.example", "ida-3@batch.example", "ida-2@batch.example"],
    ]);
    // Rows as a call alone gets them: the same columns and types, nothing of the bookkeeping.
    const [alone] = await watched(() => byFirstName.execute(ctx.db, calls[1]!));
    expect(batched[1]).toEqual(alone);
    expect(Object.keys(alone[0]!).sort()).toEqual(["email", "first_name", "id", "session_version"]);
    expect(typeof alone[0]!.session_version).toBe("number");
  });

  it.skipIf(!onPostgres)("asks anew in every turn, and a call with a value that is not text runs alone", async () => {
    const tenant = await createTenant(ctx.db, { firstName: "Lena", email: "lena@batch.example" });
    const [first, firstSizes] = await watched(() => byFirstName.execute(ctx.db, { firstName: "Lena", after: "" }));
    expect(first.map((r) => r.id)).toEqual([tenant.id]);
    expect(firstSizes).toEqual([1]);
    await ctx.db.updateTable("tenants").set({ first_name: "Lea" }).where("id", "=", tenant.id).execute();
    const [second] = await watched(() => byFirstName.execute(ctx.db, { firstName: "Lena", after: "" }));
    expect(second).toEqual([]);
    const [loose, looseSizes] = await watched(() => byFirstName.execute(ctx.db, { firstName: "Lea", after: 0 }));
    expect(looseSizes).toEqual([]);
    expect(loose.map((r) => r.id)).toEqual([tenant.id]);
  });

  it.skipIf(!onPostgres)("runs inside a transaction on the transaction's connection, not in a batch", async () => {
    const tenant = await createTenant(ctx.db, { firstName: "Mia", email: "mia@batch.example" });
    const [rows, sizes] = await watched(() =>
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable("tenants").set({ first_name: "Mira" }).where("id", "=", tenant.id).execute();
        // Only this transaction sees the change yet.
        return byFirstName.execute(trx, { firstName: "Mira", after: "" });
      }),
    );
    expect(rows.map((r) => r.id)).toEqual([tenant.id]);
    expect(sizes).toEqual([]);
  });
});

describe("concurrent requests of several tenants (any database)", () => {
  it("each gets its own data, a revoked token among them is refused, a sign-out holds for the next request", async () => {
    const tenants = await Promise.all(
      ["Dora", "Emil", "Frida"].map((firstName) => createTenant(ctx.db, { firstName })),
    );
    const tokens = await Promise.all(tenants.map((t) => login(ctx.app, t)));
    const revoked = await login(ctx.app, tenants[0]!);
    expect((await api(ctx.app, revoked).post("/api/v1/auth/logout")).statusCode).toBe(200);

    // Sent together: on PostgreSQL their session checks and reads share statements.
    const asked = Array.from({ length: 24 }, (_, i) => i % 4);
    const [answers, sizes] = await watched(() =>
      Promise.all(asked.map((n) => api(ctx.app, n === 3 ? revoked : tokens[n]).get("/api/v1/auth/user"))),
    );
    answers.forEach((res, i) => {
      const n = asked[i]!;
      if (n === 3) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe("token_revoked");
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: tenants[n]!.id, first_name: tenants[n]!.firstName });
      }
    });
    if (onPostgres) expect(Math.max(...sizes)).toBeGreaterThan(1);

    // A sign-out answered is in force for the very next request, batched or not.
    expect((await api(ctx.app, tokens[1]).post("/api/v1/auth/logout")).statusCode).toBe(200);
    await revokeToken(ctx.db, tenants[2]!.id, "unrelated-jti", new Date(Date.now() + 3_600_000));
    const after = await Promise.all([
      api(ctx.app, tokens[1]).get("/api/v1/auth/user"),
      api(ctx.app, tokens[2]).get("/api/v1/auth/user"),
    ]);
    expect(after.map((res) => res.statusCode)).toEqual([401, 200]);
  });
});
