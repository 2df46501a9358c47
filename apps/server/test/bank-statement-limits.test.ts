import { tracingChannel } from "node:diagnostics_channel";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeStatement, readStatement, readStatementOffThread, StatementError } from "../src/lib/bank-statement.js";
import { api, createStaffMember, createTestContext, staffLogin, type TestContext } from "./helpers.js";

// Issue 24 item 17: a large or hostile statement is refused in German (400), and it is read in a
// worker thread, so the server keeps answering meanwhile. These tests start the real worker.

const today = "2026-11-27";

async function refusalOf(content: string): Promise<StatementError> {
  try {
    await readStatementOffThread(content, { today });
  } catch (err) {
    if (err instanceof StatementError) return err;
    throw err;
  }
  throw new Error("expected a StatementError");
}

const csvLines = (n: number) =>
  [
    "Buchungstag;Betrag;Verwendungszweck",
    ...Array.from({ length: n }, (_, i) => `03.11.2026;${(i % 900) + 1},00;Miete ${i}`),
  ].join("\n");

const camtWith = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Document><BkToCstmrStmt><Stmt>${inner}</Stmt></BkToCstmrStmt></Document>`;
const entry = (i: number, attrs = "") =>
  `<Ntry${attrs}><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-03</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef></Ntry>`;

describe("statement limits, read off the event loop", () => {
  it("reads in the worker what it reads in place, error details included", { timeout: 60_000 }, async () => {
    const content = decodeStatement(readFileSync(new URL("./fixtures/bank/dkb.csv", import.meta.url)));
    expect(await readStatementOffThread(content, { today })).toEqual(readStatement(content, { today }));
    const unknown = await refusalOf("Datum;Text;Umsatz\n03.11.2026;Miete;750,00\n04.11.2026;Miete;12,00\n");
    expect(unknown).toMatchObject({ code: "unknown_layout", headerRow: 0, header: ["Datum", "Text", "Umsatz"] });
    expect(unknown.sample).toHaveLength(2);
    expect(unknown.signature).toMatch(/^csv:/);
  });

  it("the event loop keeps turning while a statement is read", { timeout: 60_000 }, async () => {
    const events: string[] = [];
    const reading = readStatementOffThread(csvLines(20_000), { today }).then((s) => {
      events.push(`read ${s.lines.length}`);
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
    events.push("turn");
    await reading;
    expect(events).toEqual(["turn", "read 20000"]);
  });

  it("refuses 250,000 CSV lines, naming the cap", { timeout: 60_000 }, async () => {
    const err = await refusalOf(csvLines(250_000));
    expect(err.code).toBe("too_large");
    expect(err.message).toContain("250.000 Buchungen; höchstens 20.000");
  });

  it("refuses a CAMT file with 200,000 attributes", { timeout: 60_000 }, async () => {
    const attrs = Array.from({ length: 200 }, (_, i) => ` a${i}="x"`).join("");
    const many = await refusalOf(camtWith(Array.from({ length: 1000 }, (_, i) => entry(i, attrs)).join("")));
    expect(many).toMatchObject({ code: "too_large" });
    expect(many.message).toMatch(/sie enthält \d{3}\.\d{3} Attribute/);
  });

  it("refuses a CAMT file with an 11 MB text node", { timeout: 60_000 }, async () => {
    const text = await refusalOf(camtWith(`<Ntry><AddtlNtryInf>${"x".repeat(11 * 1024 * 1024)}</AddtlNtryInf></Ntry>`));
    expect(text).toMatchObject({ code: "too_large" });
    expect(text.message).toContain("ein Text ist länger als 10.000 Zeichen");
  });

  it("refuses deep nesting", { timeout: 60_000 }, async () => {
    const deep = await refusalOf(camtWith(`${"<a>".repeat(5000)}${"</a>".repeat(5000)}`));
    expect(deep).toMatchObject({ code: "too_large" });
    expect(deep.message).toContain("verschachtelt");
  });

  it("refuses more than 20,000 CAMT entries", { timeout: 60_000 }, async () => {
    const err = await refusalOf(camtWith(Array.from({ length: 20_001 }, (_, i) => entry(i)).join("")));
    expect(err.message).toContain("20.001 Buchungen; höchstens 20.000");
  });
});

describe("the import route with a huge statement", () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const staff = await createStaffMember(ctx.db, "administrator");
    token = await staffLogin(ctx.app, staff);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("answers 400 in German while /health keeps answering", { timeout: 60_000 }, async () => {
    const events: string[] = [];
    // /health is asked for the moment the statement starts being read; read on the event loop,
    // nothing could answer before the reading ends.
    let health: Promise<unknown> | undefined;
    const reads = tracingChannel("mieter-portal.statement.read");
    const handlers = {
      start: () => {
        health ??= ctx.app.inject({ method: "GET", url: "/api/v1/health" }).then((res) => {
          events.push(`health ${res.statusCode}`);
        });
      },
      asyncEnd: () => {
        events.push("read");
      },
      end: () => {},
      asyncStart: () => {},
      error: () => {},
    };
    reads.subscribe(handlers);
    try {
      const res = await api(ctx.app, token).post("/api/v1/staff/ledger/imports/preview", {
        filename: "gross.csv",
        content: csvLines(250_000),
      });
      await health;
      expect(events).toEqual(["health 200", "read"]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("250.000 Buchungen; höchstens 20.000");
    } finally {
      reads.unsubscribe(handlers);
    }
  });
});
