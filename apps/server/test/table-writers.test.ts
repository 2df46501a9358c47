import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 26: every table has one writing module. A module is a folder under src/domain/ (its files
 * own the module's tables, and the seed, test factories and bench write through them); anything
 * else that writes a table counts as a module of its own. The writers are read from the code:
 * Kysely's insertInto/updateTable/deleteFrom/replaceInto and INSERT/UPDATE/DELETE in sql`` text.
 * Migrations are the schema's history and write what they must.
 *
 * Seeded and generated data goes through the modules too: the demo seed (src/db/seed/), the test
 * helpers and factories (test/, every file that is not a test) and the bench (bench/) call the
 * modules' row writers (domain/<module>/rows.ts) or their real functions and never write a table
 * themselves. Test files may write a table directly only when they are listed below with the
 * tables and the reason (a state no API or writer reaches on purpose: a row from before a rule, a
 * clock moved, a lock held).
 */
const SERVER = path.join(import.meta.dirname, "..");
const SRC = path.join(SERVER, "src");

/** Test files that write tables directly, the tables, and why. */
const DIRECT_WRITES_IN_TESTS: Record<string, { tables: string[]; reason: string }> = {
  "test/table-writers.test.ts": {
    tables: ["repairs", "inbox_items", "payments", "bank_transactions", "tenants", "?"],
    reason: "the scanner's own examples",
  },
  "test/auth.test.ts": { tables: ["tenancies"], reason: "a tenancy that ended long ago (no writer back-dates an end)" },
  "test/documents.test.ts": {
    tables: ["documents"],
    reason: "back-dates published documents to test the year grouping",
  },
  "test/invitation-letters.test.ts": {
    tables: ["tenants", "tenant_invitations"],
    reason: "a second connection holds the tenant's lock and writes what a concurrent request would",
  },
  "test/meter-readings.test.ts": {
    tables: ["meter_readings"],
    reason: "moves submission times to test the order's tie-breaker",
  },
  "test/migration-common-area.test.ts": {
    tables: ["repairs"],
    reason: "checks that the rebuilt tables still cascade a delete",
  },
  "test/notice-outage-window.test.ts": {
    tables: ["notices"],
    reason: "an outage notice as written before windows existed",
  },
  "test/prepared-batches.test.ts": { tables: ["tenants"], reason: "changes a row between two batched reads" },
  "test/query-plans-postgres.test.ts": {
    tables: ["tenants", "message_threads", "messages"],
    reason: "generates large tables in SQL (generate_series) for the planner's statistics",
  },
  "test/rent-ledger.test.ts": { tables: ["tenancies"], reason: "an end date in this month, before the ledger runs" },
  "test/service-records.test.ts": {
    tables: ["service_records", "service_record_photos"],
    reason: "alters a sealed record to show that its hash no longer matches",
  },
  "test/seed.test.ts": { tables: ["tenants"], reason: "empties the database so two seeds race on it" },
  "test/staff-core.test.ts": {
    tables: ["staff_users"],
    reason: "an invited Administrator before the second factor rule",
  },
  "test/staff-documents.test.ts": {
    tables: ["tenants", "notification_outbox"],
    reason: "a tenant without mail notices; lets the digest fall due (the morning comes)",
  },
  "test/staff-messages-voice.test.ts": { tables: ["notification_outbox"], reason: "lets the digest fall due now" },
  "test/staff-notices.test.ts": { tables: ["tenants"], reason: "a tenant without mail notices" },
  "test/staff-onboarding.test.ts": { tables: ["tenant_invitations"], reason: "an invitation link that has expired" },
  "test/staff-second-factor.test.ts": {
    tables: ["staff_users"],
    reason: "an Administrator without a second factor (data from before the rule)",
  },
  "test/thread-summaries.test.ts": {
    tables: ["messages"],
    reason: "writes inside open transactions on two connections to test the recount's locking",
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

function moduleOf(file: string): string {
  const relative = path.relative(SRC, file).split(path.sep).join("/");
  const domain = /^domain\/([^/]+)\//.exec(relative);
  return domain ? `domain/${domain[1]}` : relative;
}

function tablesWritten(source: string): string[] {
  const tables = new Set<string>();
  for (const m of source.matchAll(/\b(?:insertInto|updateTable|deleteFrom|replaceInto)\(\s*"([a-z_]+)(?: as \w+)?"/g)) {
    tables.add(m[1]!);
  }
  for (const block of source.matchAll(/sql`([^`]*)`/g)) {
    for (const m of block[1]!.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
      const table = m[1]!.toLowerCase();
      if (!["set", "on", "of", "or"].includes(table)) tables.add(table);
    }
  }
  return [...tables];
}

/**
 * What a file outside src/ writes: tablesWritten, plus SQL handed to a driver (pg's and
 * better-sqlite3's query/exec/prepare); Kysely writes whose table is not a literal (a generic
 * bulk helper) count as "?".
 */
function directWrites(source: string): string[] {
  const tables = new Set(tablesWritten(source));
  for (const call of source.matchAll(/\.(?:query|exec|prepare)\(\s*([`"'])([\s\S]*?)\1/g)) {
    for (const table of tablesWritten(`sql\`${call[2]!.replaceAll("`", "")}\``)) tables.add(table);
  }
  if (/\b(?:insertInto|updateTable|deleteFrom|replaceInto)\(\s*[^\s"]/.test(source)) tables.add("?");
  return [...tables];
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

/** Seed, test helpers and factories, bench and test files, each with the tables it writes itself. */
function writesOutsideSrc(): { file: string; tables: string[] }[] {
  const script = (name: string) => /\.(?:ts|mts|mjs|js)$/.test(name);
  const files = [
    ...filesUnder(path.join(SRC, "db", "seed"), script),
    ...filesUnder(path.join(SERVER, "test"), script),
    ...filesUnder(path.join(SERVER, "bench"), script),
  ];
  return files
    .map((file) => ({
      file: path.relative(SERVER, file).split(path.sep).join("/"),
      tables: directWrites(readFileSync(file, "utf8")).sort(),
    }))
    .filter((w) => w.tables.length > 0);
}

function writersByTable(): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    for (const table of tablesWritten(readFileSync(file, "utf8"))) {
      const modules = writers.get(table) ?? new Set<string>();
      modules.add(moduleOf(file));
      writers.set(table, modules);
    }
  }
  return writers;
}

describe("one writer per table (issue 26)", () => {
  it("reads the writers from Kysely calls and SQL text", () => {
    expect(tablesWritten('db.insertInto("repairs").values({}); trx.updateTable("inbox_items as i")')).toEqual([
      "repairs",
      "inbox_items",
    ]);
    expect(tablesWritten("sql`update payments set status = 'paid'; delete from bank_transactions`")).toEqual([
      "payments",
      "bank_transactions",
    ]);
    expect(moduleOf(path.join(SRC, "domain", "repairs", "rows.ts"))).toBe("domain/repairs");
    expect(moduleOf(path.join(SRC, "plugins", "idempotency.ts"))).toBe("plugins/idempotency.ts");
  });

  it("every table is written by exactly one module", () => {
    const writers = writersByTable();
    expect(writers.size).toBeGreaterThan(30);
    const shared = [...writers].filter(([, modules]) => modules.size > 1).map(([t, m]) => `${t}: ${[...m].join(", ")}`);
    expect(shared).toEqual([]);
  });

  it("every table's writer is a domain module", () => {
    const outside = [...writersByTable()]
      .filter(([, modules]) => [...modules].some((m) => !m.startsWith("domain/")))
      .map(([t, m]) => `${t}: ${[...m].join(", ")}`);
    expect(outside).toEqual([]);
  });

  it("reads a write through a table given as a variable", () => {
    expect(directWrites("await db.insertInto(table).values(rows).execute()")).toEqual(["?"]);
    expect(directWrites('db.selectFrom("repairs").selectAll()')).toEqual([]);
    expect(directWrites("await client.query(`update tenants set first_name = 'x'`)")).toEqual(["tenants"]);
    expect(directWrites("await client.query(`create schema t_1`)")).toEqual([]);
  });

  it("the seed, the test helpers and factories and the bench write through the modules", () => {
    const direct = writesOutsideSrc()
      .filter((w) => !w.file.endsWith(".test.ts"))
      .map((w) => `${w.file}: ${w.tables.join(", ")}`);
    expect(direct).toEqual([]);
  });

  it("test files write tables directly only where listed, with the reason", () => {
    const tests = writesOutsideSrc().filter((w) => w.file.endsWith(".test.ts"));
    const unlisted = tests
      .filter((w) => w.tables.some((t) => !DIRECT_WRITES_IN_TESTS[w.file]?.tables.includes(t)))
      .map((w) => `${w.file}: ${w.tables.join(", ")}`);
    expect(unlisted).toEqual([]);
    // A listed file that no longer writes directly leaves the list.
    const stale = Object.keys(DIRECT_WRITES_IN_TESTS).filter((file) => !tests.some((w) => w.file === file));
    expect(stale).toEqual([]);
  });
});
