import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Issue 26 §1 step 5: a column holding one of the contracts' enums is typed with that enum in
// db/types.ts, so rows reach the API without casts. This reads the file and fails on an enum-like
// column typed as a bare string, unless it is listed here with the reason it is not an API enum.
const ENUM_LIKE =
  /^(status|type|kind|state|role|direction|origin|meter|audience|payment_method|urgency|actor_kind|review)$/;

const INTERNAL: Record<string, string> = {
  "NotificationOutboxTable.kind": "the outbox's own job kinds, never sent to a client",
  "MeterReadingsTable.review": "null until a review; the module answers only its two outcomes",
  "IdempotencyKeysTable.state": "the idempotency store's own states",
};

function bareStringEnumColumns(): string[] {
  const text = readFileSync(new URL("../src/db/types.ts", import.meta.url), "utf8");
  const found: string[] = [];
  let table = "";
  for (const line of text.split("\n")) {
    const header = /^export interface (\w+)/.exec(line);
    if (header) table = header[1]!;
    const column = /^ {2}(\w+)\??: (.+);$/.exec(line);
    if (!column || !ENUM_LIKE.test(column[1]!)) continue;
    if (/^(Generated<)?string( \| null)?>?$/.test(column[2]!)) found.push(`${table}.${column[1]}`);
  }
  return found;
}

describe("enum columns in db/types.ts", () => {
  it("are typed with the contracts' enums, apart from the listed internal ones", () => {
    const bare = bareStringEnumColumns();
    expect(bare.filter((c) => !(c in INTERNAL))).toEqual([]);
    // Every exemption still names a bare-string column (a typed one leaves the list).
    expect(Object.keys(INTERNAL).filter((c) => !bare.includes(c))).toEqual([]);
  });
});
