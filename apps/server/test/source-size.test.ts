import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Issue 26 §1, decision 037: no source file of the server over 400 lines, so each stays one
// cohesive thing a newcomer can read; migrations and the database's types are exempt.
const MAX_LINES = 400;
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const EXEMPT = [/^db\/migrations\//, /^db\/types\.ts$/];

/** Every .ts file under src/, as a path relative to it with forward slashes. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [path.relative(src, full).split(path.sep).join("/")] : [];
  });
}

/** Lines as `wc -l` counts them (a final line without a line break counts too). */
const linesOf = (file: string) => {
  const text = readFileSync(path.join(src, file), "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
};

describe("the server's source files", () => {
  it(`have at most ${MAX_LINES} lines each (migrations and db/types.ts excepted)`, () => {
    const files = sourceFiles().filter((f) => !EXEMPT.some((e) => e.test(f)));
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((file) => ({ file, lines: linesOf(file) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `src/${f.file}: ${f.lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
