import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 26: every table has one writing module. A module is a folder under src/domain/ (its files
 * own the module's tables, and the seed, test factories and bench write through them); anything
 * else that writes a table counts as a module of its own. The writers are read from the code:
 * Kysely's insertInto/updateTable/deleteFrom/replaceInto and INSERT/UPDATE/DELETE in sql`` text.
 * Migrations are the schema's history and write what they must.
 */
const SRC = path.join(import.meta.dirname, "..", "src");

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
});
