import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../src/cli/admin.js";
import {
  type CsvMapping,
  decodeStatement,
  layoutSignature,
  parseStatement,
  readStatement,
  StatementError,
} from "../src/lib/bank-statement.js";
import { createTestContext, type TestContext } from "./helpers.js";

// Issue 24 items 3, 4, 7, 8, 18: bank statements as German banks export them (decision 026).
// The fixtures are written by test/fixtures/bank/generate.mjs in each bank's layout and encoding.

const today = "2026-11-27";
const fixture = (name: string) => decodeStatement(readFileSync(new URL(`./fixtures/bank/${name}`, import.meta.url)));
const read = (content: string, mapping?: CsvMapping) => readStatement(content, { today, mapping });

const ERIKA = { bookedOn: "2026-11-03", amountCents: 75_000, payerIban: "DE89370400440532013000" };

function errorOf(run: () => unknown): StatementError {
  try {
    run();
  } catch (err) {
    if (err instanceof StatementError) return err;
    throw err;
  }
  throw new Error("expected a StatementError");
}

describe("CSV layouts of German banks, read unchanged", () => {
  it("Sparkasse CSV-CAMT V2 (Windows-1252, quoted, two-digit years, pending in Info)", () => {
    const s = read(fixture("sparkasse-camt.csv"));
    expect([s.layout, s.layoutLabel, s.accountIban]).toEqual([
      "sparkasse-camt",
      "Sparkasse (CSV-CAMT V2)",
      "DE44500105175407324931",
    ]);
    expect(s.lines).toHaveLength(3);
    expect(s.lines[0]).toMatchObject({
      ...ERIKA,
      payerName: "Erika Mustermann",
      valueOn: "2026-11-03",
      currency: "EUR",
      endToEndId: "E2E-2026-11-0001",
      accountIban: "DE44500105175407324931",
      pending: false,
      refusal: null,
      remittance: "Miete November MP-K7Q2-X9M4",
    });
    expect(s.lines[1]).toMatchObject({
      payerName: "Jürgen Mäßig",
      payerIban: "DE02120300000000202051",
      amountCents: 141_356,
      pending: true,
      endToEndId: null,
    });
    expect(s.lines[2]).toMatchObject({
      amountCents: -1250,
      remittance: "Kontoführung",
      payerName: null,
      payerIban: null,
    });
  });

  it("Sparkasse CSV-MT940", () => {
    const s = read(fixture("sparkasse-mt940.csv"));
    expect(s.layout).toBe("sparkasse-mt940");
    expect(s.lines[0]).toMatchObject({
      ...ERIKA,
      payerName: "Erika Mustermann",
      valueOn: "2026-11-03",
      accountIban: "DE44500105175407324931",
    });
    expect(s.lines.map((l) => l.pending)).toEqual([false, true, false]);
  });

  it("DKB from 2023 (BOM, preamble, Status, payer in Zahlungspflichtige*r)", () => {
    const s = read(fixture("dkb.csv"));
    expect([s.layout, s.accountIban]).toEqual(["dkb", "DE12120300001234567890"]);
    expect(s.warnings).toContain("Die Datei beginnt mit 4 Zeilen vor der Kopfzeile; sie wurden übersprungen.");
    expect(s.lines[0]).toMatchObject({
      ...ERIKA,
      payerName: "Ayşe Yılmaz",
      valueOn: "2026-11-03",
      pending: false,
      endToEndId: "E2E-2026-11-0001",
    });
    // Pending without a booking day: shown on its value day, never booked.
    expect(s.lines[1]).toMatchObject({
      bookedOn: "2026-11-04",
      pending: true,
      payerName: "Jürgen Mäßig",
      amountCents: 141_356,
    });
    // Outgoing money: the counterparty is the payee.
    expect(s.lines[2]).toMatchObject({ amountCents: -1250, payerName: "Stadtwerke Musterstadt" });
  });

  it("DKB until 2023 (six preamble lines, Betrag (EUR))", () => {
    const s = read(fixture("dkb-legacy.csv"));
    expect([s.layout, s.accountIban]).toEqual(["dkb-legacy", "DE12120300001234567890"]);
    expect(s.warnings).toContain("Die Datei beginnt mit 6 Zeilen vor der Kopfzeile; sie wurden übersprungen.");
    expect(s.lines[0]).toMatchObject({ ...ERIKA, payerName: "Erika Mustermann", valueOn: "2026-11-03" });
    expect(s.lines[1]).toMatchObject({ payerName: "Jürgen Mäßig", amountCents: 141_356 });
  });

  it("ING (Latin-1, 13 preamble lines, two Währung columns) and its newer Valuta/Notiz variant", () => {
    const s = read(fixture("ing.csv"));
    expect([s.layout, s.accountIban]).toEqual(["ing", "DE10500105170123456789"]);
    expect(s.warnings).toContain("Die Datei beginnt mit 13 Zeilen vor der Kopfzeile; sie wurden übersprungen.");
    const erika = s.lines.find((l) => l.amountCents === 75_000)!;
    expect(erika).toMatchObject({
      bookedOn: "2026-11-03",
      payerName: "Erika Mustermann",
      currency: "EUR",
      valueOn: "2026-11-03",
    });
    // ING has no IBAN column: an IBAN written in the text is read.
    expect(s.lines.find((l) => l.amountCents === 141_356)).toMatchObject({
      payerName: "Jürgen Mäßig",
      payerIban: "DE02120300000000202051",
    });
    const notiz = read(fixture("ing-notiz.csv"));
    expect(notiz.layout).toBe("ing");
    expect(notiz.lines[1]).toMatchObject({
      valueOn: "2026-11-05",
      remittance: "Miete 11/2026 MP-ABCD-EFGH",
      currency: "EUR",
    });
  });

  it("Commerzbank (BOM, text and IBAN inside Buchungstext)", () => {
    const s = read(fixture("commerzbank.csv"));
    expect([s.layout, s.accountIban]).toEqual(["commerzbank", "DE27100777770209299700"]);
    expect(s.lines[0]).toMatchObject({ ...ERIKA, valueOn: "2026-11-03" });
    expect(s.lines[0]!.remittance).toContain("Łukasz Nowak Miete November MP-K7Q2-X9M4");
  });

  it("Volksbank / Raiffeisenbank (Atruvia) with the payer's name and IBAN", () => {
    const s = read(fixture("atruvia.csv"));
    expect([s.layout, s.accountIban]).toEqual(["atruvia", "DE02500105170137075030"]);
    expect(s.lines[0]).toMatchObject({ ...ERIKA, payerName: "Erika Mustermann", valueOn: "2026-11-03" });
    expect(s.lines[1]).toMatchObject({ payerName: "Ayşe Yılmaz", payerIban: "DE02120300000000202051" });
  });

  it("Deutsche Bank (preamble, Soll and Haben apart, Kontostand footer)", () => {
    const s = read(fixture("deutsche-bank.csv"));
    expect(s.layout).toBe("deutsche-bank");
    expect(s.lines.map((l) => l.amountCents)).toEqual([75_000, 141_356, -1250]);
    expect(s.lines[0]).toMatchObject({ ...ERIKA, payerName: "Erika Mustermann", endToEndId: "E2E-2026-11-0001" });
    expect(s.warnings).toContain("Die Zeile mit dem Kontostand am Ende ist keine Buchung und wurde übersprungen.");
  });

  it("Targobank (no header row)", () => {
    const s = read(fixture("targobank.csv"));
    expect(s.layout).toBe("targobank");
    expect(s.lines).toHaveLength(3);
    expect(s.lines[0]).toMatchObject({ ...ERIKA });
    expect(s.lines[1]!.remittance).toBe("Gutschrift Jürgen Mäßig Miete 11/2026 MP-ABCD-EFGH");
  });

  it("our documented CSV keeps its keys", () => {
    const s = read(fixture("documented.csv"));
    expect(s.layout).toBe("documented");
    expect(s.lines[0]).toMatchObject({
      ...ERIKA,
      payerName: "Erika Mustermann",
      bankRef: "2026110300123",
      dedupeKey: "csv:ref:2026110300123",
    });
    expect(s.lines[1]!.payerName).toBe("Łukasz Nowak");
    // The thin wrapper reads the same lines.
    expect(parseStatement(fixture("documented.csv"), "csv").map((l) => l.dedupeKey)).toEqual(
      s.lines.map((l) => l.dedupeKey),
    );
  });

  it("the same file read twice gives the same keys", () => {
    const a = read(fixture("sparkasse-camt.csv")).lines.map((l) => l.dedupeKey);
    expect(read(fixture("sparkasse-camt.csv")).lines.map((l) => l.dedupeKey)).toEqual(a);
    expect(new Set(a).size).toBe(3);
  });
});

describe("a layout we do not know: the column mapping", () => {
  const unknown = [
    "Kontoauszug Musterbank",
    "",
    "Datum;Text;Gegenkonto;Name des Zahlers;Umsatz;Art",
    "03.11.2026;Miete November MP-K7Q2-X9M4;DE89370400440532013000;Erika Mustermann;750,00;gebucht",
    "04.11.2026;Miete 11/2026;DE02120300000000202051;Jürgen Mäßig;1.413,56;vorgemerkt",
  ].join("\n");

  it("says so with the header, a sample and a stable signature", () => {
    const err = errorOf(() => read(unknown));
    expect(err.code).toBe("unknown_layout");
    expect(err.message).toContain("CAMT.053");
    expect(err.headerRow).toBe(2);
    expect(err.header).toEqual(["Datum", "Text", "Gegenkonto", "Name des Zahlers", "Umsatz", "Art"]);
    expect(err.sample).toHaveLength(2);
    expect(err.signature).toBe(layoutSignature([" datum", "TEXT", "Gegenkonto", "Name des  Zahlers", "Umsatz", "Art"]));
    expect(err.signature).not.toBe(layoutSignature(["Datum", "Text"]));
  });

  it("reads it with the manager's mapping", () => {
    const s = read(unknown, {
      headerRow: 2,
      columns: { bookedOn: 0, amount: 4, remittance: [1], payerName: 3, payerIban: 2, status: 5 },
    });
    expect([s.layout, s.format]).toEqual(["mapped", "csv"]);
    expect(s.lines[0]).toMatchObject({ ...ERIKA, payerName: "Erika Mustermann" });
    expect(s.lines.map((l) => l.pending)).toEqual([false, true]);
  });

  it("a mapping that does not fit the file says what is wrong", () => {
    const columns = { bookedOn: 0, amount: 4, remittance: [1] };
    expect(errorOf(() => read(unknown, { headerRow: 9, columns })).message).toContain("Zeile 10 als Kopfzeile");
    expect(errorOf(() => read(unknown, { headerRow: 2, columns: { ...columns, remittance: [6] } })).message).toContain(
      "Spalte 7; die Kopfzeile hat 6 Spalten",
    );
    expect(errorOf(() => read(unknown, { headerRow: 2, columns: { bookedOn: 0, remittance: [1] } })).message).toContain(
      "Die Spalte mit dem Betrag fehlt",
    );
  });
});

describe("errors that say what to do, grouped", () => {
  it("names the layout, groups a bad column and shows the values", () => {
    const rows = Array.from({ length: 12 }, (_, i) => `${i === 5 ? "" : "x"}31.11.2026;750,00;Miete ${i}`);
    const err = errorOf(() => read(["Buchungstag;Betrag;Verwendungszweck", ...rows].join("\n")));
    expect(err.code).toBe("unreadable");
    expect(err.message).toContain("„CSV nach unserer Beschreibung“");
    expect(err.message).toContain("Buchungstag ist in 12 Zeilen kein Datum (Zeile 2: „x31.11.2026“");
    expect(err.message).toContain("und 9 weitere");
    // One message for the column, not one per row.
    expect(err.problems).toHaveLength(1);
  });

  it("a bare quote inside an unquoted Verwendungszweck no longer refuses the file", () => {
    const s = read('Buchungstag;Betrag;Verwendungszweck\n03.11.2026;750,00;Miete "Gartenhaus" MP-K7Q2-X9M4\n');
    expect(s.lines[0]!.remittance).toBe('Miete "Gartenhaus" MP-K7Q2-X9M4');
  });

  it("a broken row is reported with its line number and value", () => {
    const err = errorOf(() =>
      read('Buchungstag;Betrag;Verwendungszweck\n03.11.2026;750,00;ok\n04.11.2026;12,00;"Miete offen\n'),
    );
    expect(err.message).toContain("Zeile 3");
    expect(err.message).toContain("Miete offen");
    expect(err.message).toContain("Anführungszeichen");
  });
});

describe("a row too long to be a booking", () => {
  it("is named with its line, the other rows are not booked either", () => {
    const long = `Buchungstag;Betrag;Verwendungszweck\n03.11.2026;1,00;${"x".repeat(150_000)}\n04.11.2026;2,00;y\n`;
    const err = errorOf(() => read(long));
    expect(err.message).toContain("Zeile 2");
    expect(err.message).toContain("länger als 100.000 Zeichen");
  });
});

describe("bounds and currency (issue 24 items 4 and 18)", () => {
  it("refuses an amount beyond 1.000.000 € and booking days out of bounds, shown but not bookable", () => {
    const s = read(
      [
        "Buchungstag;Betrag;Verwendungszweck",
        "03.11.2026;99.999.999.999.999.999.999,99;zu viel",
        "31.12.9999;750,00;zu spät",
        "03.11.1999;750,00;zu früh",
        "03.11.2026;1.000.000,00;gerade noch",
      ].join("\n"),
    );
    expect(s.lines).toHaveLength(4);
    expect(s.lines[0]!.refusal).toContain("über 1.000.000,00 €");
    expect(s.lines[1]!.refusal).toContain("31.12.9999");
    expect(s.lines[2]!.refusal).toContain("03.11.1999");
    expect(s.lines[3]!.refusal).toBeNull();
  });

  it("a non-euro CSV line is refused with its currency", () => {
    const content = fixture("atruvia.csv").replace("750,00;EUR", "750,00;CHF");
    const s = read(content);
    expect(s.lines[0]).toMatchObject({ currency: "CHF" });
    expect(s.lines[0]!.refusal).toContain("Betrag in CHF");
    expect(s.lines[1]!.refusal).toBeNull();
  });
});

describe("decodeStatement", () => {
  it("reads UTF-8 (with BOM) and falls back to Windows-1252", () => {
    expect(decodeStatement(new Uint8Array([0xef, 0xbb, 0xbf, 0x4a, 0xc3, 0xbc]))).toBe("Jü");
    expect(decodeStatement(new Uint8Array([0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e, 0x20, 0x80]))).toBe("Jürgen €");
  });
});

const camt = (entries: string, ccy = "EUR") => `
<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
<Acct><Id><IBAN>DE44 5001 0517 5407 3249 31</IBAN></Id><Ccy>${ccy}</Ccy></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;

describe("CAMT.053", () => {
  it("a batch entry whose payments carry no amount is one line with the entry amount (not n copies)", () => {
    const s = read(
      camt(`<Ntry><Amt Ccy="EUR">1285.90</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-03</Dt></BookgDt><ValDt><Dt>2026-11-04</Dt></ValDt><AcctSvcrRef>SAMMLER-1</AcctSvcrRef>
        <NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>
          <TxDtls><RltdPties><Dbtr><Pty><Nm>Erika Mustermann</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Miete MP-K7Q2-X9M4</Ustrd></RmtInf></TxDtls>
          <TxDtls><RltdPties><Dbtr><Pty><Nm>Jürgen Mäßig</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Miete MP-ABCD-EFGH</Ustrd></RmtInf></TxDtls>
        </NtryDtls></Ntry>`),
    );
    expect(s.lines).toHaveLength(1);
    expect(s.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(128_590);
    expect(s.lines[0]).toMatchObject({
      batchCount: 2,
      bankRef: "SAMMLER-1",
      valueOn: "2026-11-04",
      accountIban: "DE44500105175407324931",
    });
  });

  it("a batch entry whose payments carry amounts that add up is split into them", () => {
    const s = read(
      camt(`<Ntry><Amt Ccy="EUR">1285.90</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-03</Dt></BookgDt><AcctSvcrRef>S-2</AcctSvcrRef>
        <NtryDtls>
          <TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs><Amt Ccy="EUR">535.90</Amt><RltdPties><Dbtr><Nm>Erika Mustermann</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct></RltdPties></TxDtls>
          <TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">750.00</Amt></TxAmt></AmtDtls></TxDtls>
        </NtryDtls></Ntry>`),
    );
    expect(s.lines.map((l) => [l.amountCents, l.batchCount, l.endToEndId, l.bankRef])).toEqual([
      [53_590, null, "E2E-1", "S-2/1"],
      [75_000, null, null, "S-2/2"],
    ]);
    expect(s.lines[0]).toMatchObject({ payerName: "Erika Mustermann", payerIban: "DE89370400440532013000" });
  });

  it("keeps pending entries (PDNG, INFO) as pending, refuses CHF, decodes entities, accepts a newline before <?xml", () => {
    const s = read(
      `\n\n${camt(`
        <Ntry><Amt Ccy="EUR">750.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts><ValDt><Dt>2026-11-05</Dt></ValDt>
          <NtryDtls><TxDtls><RmtInf><Ustrd>Miete &amp; Garage M&#228;rz &#x2013; &lt;MP-K7Q2-X9M4&gt;</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
        <Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>INFO</Sts><BookgDt><Dt>2026-11-06</Dt></BookgDt></Ntry>
        <Ntry><Amt Ccy="CHF">750.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-07</Dt></BookgDt><AcctSvcrRef>CHF-1</AcctSvcrRef></Ntry>
        <Ntry><Amt Ccy="EUR">99999999999999999999999.99</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>9999-12-31</Dt></BookgDt></Ntry>`)}`,
    );
    expect(s.lines.map((l) => [l.bookedOn, l.pending, l.currency])).toEqual([
      ["2026-11-05", true, "EUR"],
      ["2026-11-06", true, "EUR"],
      ["2026-11-07", false, "CHF"],
      ["9999-12-31", false, "EUR"],
    ]);
    expect(s.lines[0]!.remittance).toBe("Miete & Garage März – <MP-K7Q2-X9M4>");
    expect(s.lines[2]!.refusal).toContain("Betrag in CHF");
    expect(s.lines[3]!.refusal).toContain("über 1.000.000,00 €");
  });

  it("refuses a DOCTYPE and an unknown character reference stays literal", () => {
    expect(errorOf(() => read(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>`)).message).toContain(
      "DOCTYPE",
    );
    const s = read(
      camt(
        `<Ntry><Amt>1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-03</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Ustrd>a &#0; &#xD800; &foo; b</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
      ),
    );
    expect(s.lines[0]!.remittance).toBe("a &#0; &#xD800; &foo; b");
  });
});

describe("import-statement on the command line", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("reads a Windows-1252 export as the bank wrote it", async () => {
    const out: string[] = [];
    const file = fileURLToPath(new URL("./fixtures/bank/dkb-legacy.csv", import.meta.url));
    const code = await runAdmin(
      ["import-statement", "--file", file, "--preview"],
      { out: (t) => out.push(t), err: (t) => out.push(t) },
      { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
    );
    // Read as UTF-8, "Begünstigter" in the header would not be recognised.
    expect(code).toBe(0);
    expect(out).toContain("Erkannt: DKB (bis 2023).");
    expect(out).toContain("Die Datei beginnt mit 6 Zeilen vor der Kopfzeile; sie wurden übersprungen.");
  });
});
