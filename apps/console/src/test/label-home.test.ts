import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as contracts from "@mieter-portal/contracts";
import * as serviceContracts from "@mieter-portal/contracts/services";
import * as staffContracts from "@mieter-portal/contracts/staff";
import { describe, expect, it } from "vitest";

/**
 * One home for the German words of every contracts enum (issue 26 §3, decision 040): where the
 * contracts hold a label map for an enum (REPAIR_TYPE_LABELS, PAYMENT_METHOD_LABELS, …), no source
 * file of the tenant app, the console or the server may write its own map of that enum's values to
 * German words. Maps that only add a badge tone or a unit and take the words from the contracts
 * pass; so do maps whose values are not words (column names, numbers).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const SOURCES = ["apps/web/src", "apps/console/src", "apps/server/src"];

function enumsWithContractLabels(): Map<string, string[]> {
  const exported = { ...contracts, ...staffContracts, ...serviceContracts } as Record<string, unknown>;
  const enums: string[][] = [];
  const maps: Record<string, unknown>[] = [];
  for (const value of Object.values(exported)) {
    if (typeof value !== "object" || value === null) continue;
    const options = (value as { options?: unknown }).options;
    const type = (value as { def?: { type?: unknown } }).def?.type;
    if (type === "enum" && Array.isArray(options) && options.every((o) => typeof o === "string")) {
      enums.push(options as string[]);
    } else if (!Array.isArray(value) && Object.values(value).every((v) => typeof v === "string")) {
      maps.push(value as Record<string, unknown>);
    }
  }
  const labelled = new Map<string, string[]>();
  for (const options of enums) {
    if (options.length < 2) continue;
    const hasLabels = maps.some((map) => options.every((o) => /^[A-ZÄÖÜ]/.test(String(map[o] ?? ""))));
    if (hasLabels) labelled.set([...options].sort().join("|"), options);
  }
  return labelled;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const KEY_LINE = /^\s*(["']?)([\w-]+)\1\s*:\s*(.*)$/;
const CLOSING_LINE = /^\s*[}\])]+[,;)]*\s*$/;
/** A German word as a literal: "Sanitär …" or { label: "Sanitär …" }. */
const GERMAN_LITERAL = /^(\{\s*(label|name):\s*)?["'`][A-ZÄÖÜ]/;

/** Runs of `key: value` lines (an object literal, nested objects included). */
function keyRuns(text: string): { keys: Set<string>; literalKeys: Set<string> }[] {
  const runs: { keys: Set<string>; literalKeys: Set<string> }[] = [];
  let run: { keys: Set<string>; literalKeys: Set<string> } | null = null;
  for (const line of text.split("\n")) {
    const match = KEY_LINE.exec(line);
    if (match) {
      run ??= { keys: new Set(), literalKeys: new Set() };
      run.keys.add(match[2]!);
      if (GERMAN_LITERAL.test(match[3]!.trim())) run.literalKeys.add(match[2]!);
    } else if (!CLOSING_LINE.test(line) && run) {
      runs.push(run);
      run = null;
    }
  }
  if (run) runs.push(run);
  return runs;
}

/**
 * Where a source text writes German words for the values of an enum that has its words in the
 * contracts: an object whose keys are exactly the enum's values (a map of a larger set, such as the
 * audit log's entity names, is another vocabulary) with a German literal for each.
 */
function ownLabelMaps(text: string, enums: Iterable<string[]>): string[][] {
  const found: string[][] = [];
  for (const { keys, literalKeys } of keyRuns(text)) {
    for (const options of enums) {
      if (keys.size === options.length && options.every((o) => literalKeys.has(o))) found.push(options);
    }
  }
  return found;
}

/**
 * Maps that are no second word list, each with why; and the ones still to move (named in issue 26's
 * report), so that the list shrinks and never hides a new one: an entry that no longer occurs fails too.
 */
const NOT_LABELS: Record<string, string> = {
  "apps/console/src/components/require-capability.tsx: administrator, verwalter, hausmeister, dienstleister":
    "dative plural ('nur Hausmeistern') for a sentence, not the role's label",
  "apps/server/src/routes/tenant/meter-readings.ts: water, electricity, heating":
    "ASCII parts of photo file names ('Wasserzaehler'), not labels",
};
const STILL_TO_MOVE: Record<string, string> = {
  "apps/server/src/cli/commands/management.ts: consultation, inspection, repair, other":
    "CLI default titles; 'other' says 'Termin' where contracts' APPOINTMENT_TITLES say 'Sonstiger Termin'",
  "apps/server/src/domain/audit/audit-labels.ts: pending, confirmed, canceled, completed":
    "the audit log says 'Angefragt'/'Erledigt' where the apps say 'Ausstehend'/'Abgeschlossen'",
  "apps/server/src/domain/audit/audit-labels.ts: sepa_direct_debit, bank_transfer, standing_order":
    "the audit log says 'Lastschrift' where the apps say 'SEPA-Lastschrift'",
};

describe("one home for the German words of the contracts' enums", () => {
  const enums = [...enumsWithContractLabels().values()];

  it("knows the enums whose words the contracts hold", () => {
    const keys = enums.map((options) => [...options].sort().join("|"));
    expect(keys).toContain(["appliance", "door-window", "electrical", "heating", "other", "plumbing"].join("|"));
    expect(keys).toContain(["bank_transfer", "sepa_direct_debit", "standing_order"].join("|"));
    expect(keys).toContain(["afternoon", "evening", "morning"].join("|"));
  });

  it("finds an app's own map of such an enum, and not one that takes the words from the contracts", () => {
    const own = `export const TYPES: Record<RepairType, string> = {\n  plumbing: "Sanitär",\n  electrical: "Elektrik",\n  heating: "Heizung",\n  "door-window": "Tür oder Fenster",\n  appliance: "Haushaltsgerät",\n  other: "Sonstiges",\n};`;
    expect(ownLabelMaps(own, enums)).toHaveLength(1);
    const toned = `const X = {\n  low: { label: URGENCY_WORDS.low, tone: "neutral" },\n  medium: { label: URGENCY_WORDS.medium, tone: "neutral" },\n  high: { label: URGENCY_WORDS.high, tone: "warning" },\n  emergency: { label: URGENCY_WORDS.emergency, tone: "danger" },\n};`;
    expect(ownLabelMaps(toned, enums)).toEqual([]);
  });

  it("no source file of the tenant app, the console or the server keeps its own", () => {
    const offenders: string[] = [];
    for (const dir of SOURCES) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        for (const options of ownLabelMaps(readFileSync(file, "utf8"), enums)) {
          offenders.push(`${relative(ROOT, file)}: ${options.join(", ")}`);
        }
      }
    }
    const known = { ...NOT_LABELS, ...STILL_TO_MOVE };
    expect(offenders.filter((offender) => !(offender in known))).toEqual([]);
    expect(Object.keys(known).filter((entry) => !offenders.includes(entry))).toEqual([]);
  });
});
