import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../src/cli/admin.js";
import { addPeriods, periodOf } from "../src/domain/ledger/rent-ledger.js";
import { berlinToday } from "../src/lib/time.js";
import { createTenant, createTestContext, type TenantFixture, type TestContext } from "./helpers.js";

// Issue 14 §2 on the admin command line: charges, a statement import, a payment by hand.

let ctx: TestContext;
let workDir: string;
let tenant: TenantFixture;
const today = berlinToday();
const start = addPeriods(periodOf(today), -2);

beforeAll(async () => {
  ctx = await createTestContext();
  workDir = await mkdtemp(path.join(tmpdir(), "mp-ledger-cli-"));
  tenant = await createTenant(ctx.db, { firstName: "Carla", lastName: "Kommando" });
});
afterAll(async () => {
  await ctx.close();
  await rm(workDir, { recursive: true, force: true });
});

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    { out: (t) => out.push(t), err: (t) => err.push(t) },
    { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const charges = () =>
  ctx.db.selectFrom("payments").selectAll().where("tenancy_id", "=", tenant.tenancyId).orderBy("due_date").execute();

describe("admin ledger commands", () => {
  it("rent-charges starts a tenant's ledger at an earlier month, once", async () => {
    const res = await admin("rent-charges", "--email", tenant.email, "--from", start);
    expect(res.code).toBe(0);
    expect(res.out).toContain("4 Mietforderungen für Carla Kommando angelegt.");
    expect((await charges()).map((c) => c.period)).toEqual([0, 1, 2, 3].map((n) => addPeriods(start, n)));
    expect((await admin("rent-charges")).out).toContain("0 Mietforderungen angelegt.");
    const bad = await admin("rent-charges", "--from", "2026-13");
    expect(bad.code).toBe(2);
  });

  it("import-statement previews, books and does not book twice", async () => {
    const reference = (
      await ctx.db
        .selectFrom("rent_accounts")
        .select("reference")
        .where("tenancy_id", "=", tenant.tenancyId)
        .executeTakeFirstOrThrow()
    ).reference;
    const file = path.join(workDir, "auszug.csv");
    await writeFile(file, `Buchungstag;Betrag;Verwendungszweck\n${today};1500,00;Miete ${reference}\n`);
    const preview = await admin("import-statement", "--file", file, "--preview");
    expect(preview.code).toBe(0);
    expect(preview.out).toContain("Vorschau: 1 zugeordnet");
    expect((await charges()).filter((c) => c.status === "paid")).toHaveLength(0);
    const booked = await admin("import-statement", "--file", file);
    expect(booked.out).toContain("Gebucht: 1 zugeordnet");
    expect((await charges()).filter((c) => c.status === "paid")).toHaveLength(2);
    expect((await admin("import-statement", "--file", file)).out).toContain("1 bereits gebucht");
    const missing = await admin("import-statement", "--file", path.join(workDir, "fehlt.csv"));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("lässt sich nicht lesen");
  });

  it("record-payment applies a payment by hand", async () => {
    const res = await admin("record-payment", "--email", tenant.email, "--amount", "750,00", "--date", today);
    expect(res.code).toBe(0);
    expect(res.out).toContain("750,00");
    expect((await charges()).filter((c) => c.status === "paid")).toHaveLength(3);
  });
});
