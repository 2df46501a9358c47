import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";

// Issue 12 §5: what the README promises a newcomer holds for the repository as it is.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");
const manifest = JSON.parse(read("package.json")) as { engines: { node: string } };
const lock = JSON.parse(read("package-lock.json")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; version?: string }>;
};

type Version = [number, number, number];

function parseVersion(text: string): { version: Version; parts: number } {
  const numbers = text.replace(/^v/, "").split(".");
  const parts = numbers.findIndex((n) => !/^\d+$/.test(n));
  const given = parts === -1 ? numbers.length : parts;
  const value = (i: number) => (i < given ? Number(numbers[i]) : 0);
  return { version: [value(0), value(1), value(2)], parts: given };
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** npm's engine check for the range forms the lock file holds (>=, >, <, <=, ^, x-ranges, ||). */
function satisfies(version: Version, range: string): boolean {
  return range.split("||").some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, "$1")
      .split(/\s+/)
      .filter(Boolean);
    return comparators.every((comparator) => {
      if (comparator === "*" || comparator === "x") return true;
      const [, op = "", rest = ""] = /^([<>=^~]*)(.*)$/.exec(comparator) ?? [];
      const { version: bound, parts } = parseVersion(rest);
      const upper = (index: number): Version =>
        index === 0
          ? [bound[0] + 1, 0, 0]
          : index === 1
            ? [bound[0], bound[1] + 1, 0]
            : [bound[0], bound[1], bound[2] + 1];
      switch (op) {
        case ">=":
          return compare(version, bound) >= 0;
        case ">":
          return compare(version, bound) > 0;
        case "<=":
          return compare(version, bound) <= 0;
        case "<":
          return compare(version, bound) < 0;
        case "^":
          return compare(version, bound) >= 0 && compare(version, upper(bound[0] > 0 ? 0 : 1)) < 0;
        default:
          // A partial version ("20", "20.x", "14.17") is the range it leaves open.
          return compare(version, bound) >= 0 && compare(version, upper(Math.max(0, Math.min(parts, 3) - 1))) < 0;
      }
    });
  });
}

describe("the README for a newcomer (issue 12 §5)", () => {
  it("points to nothing outside the repository", () => {
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    for (const link of links) expect(link, link).not.toMatch(/^(\.\.\/|\/)/);
    expect(readme).not.toMatch(/\.\.\/shared/);
  });

  it("documents the client API key the web build embeds, with a curl sign-in and one read", () => {
    expect(readme).toContain(`X-API-Key: ${DEFAULT_CLIENT_API_KEY}`);
    expect(readme).toMatch(/curl -s http:\/\/127\.0\.0\.1:3000\/api\/v1\/auth\/login/);
    expect(readme).toMatch(/curl -s http:\/\/127\.0\.0\.1:3000\/api\/v1\/tenant\//);
  });

  it("says how to open the app on a phone", () => {
    expect(readme).toContain("HOST=0.0.0.0 npm start");
    expect(readme).toContain("Im lokalen Netz");
  });

  it("states the Node version package.json requires, and every installed package accepts it", () => {
    const required = manifest.engines.node;
    expect(required).toBe(">=20.19");
    expect(readme).toContain("Node.js ≥ 20.19");
    const lowest = parseVersion(required.replace(/^>=/, "")).version;
    const refusing = Object.entries(lock.packages)
      .filter(([, info]) => {
        const node = !Array.isArray(info.engines) ? info.engines?.node : undefined;
        return node !== undefined && !satisfies(lowest, node);
      })
      .map(([name, info]) => `${name}@${info.version}`);
    // npm install would warn EBADENGINE for each of these on Node 20.19.
    expect(refusing).toEqual([]);
  });

  it("checks engine ranges the way npm does", () => {
    const v20 = parseVersion("20.19.0").version;
    expect(satisfies(v20, ">=22")).toBe(false);
    expect(satisfies(v20, "^20.19.0 || >=22.12.0")).toBe(true);
    expect(satisfies(v20, "20 || >=22")).toBe(true);
    expect(satisfies(v20, "^20.9.0")).toBe(true);
    expect(satisfies(v20, ">=16 || 14 >=14.17")).toBe(true);
    expect(satisfies(v20, "20.x || 22.x")).toBe(true);
    expect(satisfies(v20, "10.* || >= 12.*")).toBe(true);
    expect(satisfies(v20, "^14.13.1 || >=16.0.0")).toBe(true);
    expect(satisfies(v20, "^10 || ^12")).toBe(false);
    expect(satisfies(v20, ">= 20.19.0")).toBe(true);
    expect(satisfies(v20, ">=20.20")).toBe(false);
  });
});
