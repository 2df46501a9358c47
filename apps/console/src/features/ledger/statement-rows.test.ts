import { describe, expect, it } from "vitest";
import { headerAndSample, statementRows } from "./statement-rows";

// The rows are counted as the server's CSV reader counts them (csv-parse: a blank line is a record
// of one empty cell, a quoted cell may hold the delimiter and a line break), so that the header row
// chosen in the console is the row the server reads as header.
describe("statementRows", () => {
  it("counts preamble and blank lines as rows, reads quoted cells, trims, drops the BOM", () => {
    const text =
      '\uFEFFKonto;"DE02 1203, Giro"\r\n\r\n Buchungstag ; "Betrag"\r\n"03.11.2026";"Miete ""Nov""\r\nMP-1"\r\n';
    expect(statementRows(text)).toStrictEqual([
      ["Konto", "DE02 1203, Giro"],
      [""],
      ["Buchungstag", "Betrag"],
      ["03.11.2026", 'Miete "Nov"\r\nMP-1'],
    ]);
  });

  it("guesses the delimiter as the server does (semicolon, comma, tab) and reads a last line without newline", () => {
    expect(statementRows("a,b,c\n1,2,3")).toStrictEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(statementRows("a\tb\n1,5\t2")).toStrictEqual([
      ["a", "b"],
      ["1,5", "2"],
    ]);
  });

  it("reads only the first rows", () => {
    const text = Array.from({ length: 100 }, (_, i) => `${i};x`).join("\n");
    expect(statementRows(text, 5)).toHaveLength(5);
  });

  it("gives a header row's cells and the next non-blank rows", () => {
    const rows = statementRows("pre\nA;B\n\n1;2\n3;4\n5;6\n7;8");
    expect(headerAndSample(rows, 1)).toStrictEqual({
      header: ["A", "B"],
      sample: [
        ["1", "2"],
        ["3", "4"],
        ["5", "6"],
      ],
    });
  });
});
