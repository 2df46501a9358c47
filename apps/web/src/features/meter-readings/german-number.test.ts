import { describe, expect, it } from "vitest";
import { formatMeterValue, parseGermanDecimal } from "./german-number";

describe("parseGermanDecimal", () => {
  it.each([
    ["1234,567", 1234.567],
    ["1.234,567", 1234.567],
    ["12.345.678,9", 12345678.9],
    ["0,5", 0.5],
    [",5", 0.5],
    ["12,", 12],
    ["1234", 1234],
    ["1.234", 1234],
    ["1234.5", 1234.5],
    ["1234.567", 1234.567],
    ["0.25", 0.25],
    [" 1 234,5 ", 1234.5],
    ["0", 0],
  ])("reads %j as %d", (input, expected) => {
    expect(parseGermanDecimal(input)).toEqual({ ok: true, value: expected });
  });

  it("treats an empty field as no value", () => {
    expect(parseGermanDecimal("")).toEqual({ ok: true, value: null });
    expect(parseGermanDecimal("   ")).toEqual({ ok: true, value: null });
  });

  it.each(["abc", "1,2,3", "12.34,5", "1.2.3", "1,2a", "12e3", ",", ".", "1..2", "Infinity"])(
    "refuses %j with a German message",
    (input) => {
      expect(parseGermanDecimal(input)).toEqual({ ok: false, error: "Bitte geben Sie eine Zahl ein, z. B. 1234,567." });
    },
  );

  it("refuses negative values", () => {
    expect(parseGermanDecimal("-5")).toEqual({ ok: false, error: "Ein Zählerstand kann nicht negativ sein." });
  });

  it("refuses more decimals than the server keeps", () => {
    expect(parseGermanDecimal("1,2345")).toEqual({ ok: false, error: "Bitte höchstens 3 Nachkommastellen angeben." });
    expect(parseGermanDecimal("1,2345", 4)).toEqual({ ok: true, value: 1.2345 });
  });

  it("refuses values beyond a 9-digit counter", () => {
    expect(parseGermanDecimal("999.999.999")).toEqual({ ok: true, value: 999_999_999 });
    expect(parseGermanDecimal("1.000.000.000")).toEqual({
      ok: false,
      error: "Dieser Wert ist zu groß für einen Zähler.",
    });
  });
});

describe("formatMeterValue", () => {
  it("shows German separators, up to three decimals, and the unit", () => {
    expect(formatMeterValue(1234.567, "m³")).toBe("1.234,567 m³");
    expect(formatMeterValue(14231.7, "kWh")).toBe("14.231,7 kWh");
    expect(formatMeterValue(48213, "kWh")).toBe("48.213 kWh");
  });
});
