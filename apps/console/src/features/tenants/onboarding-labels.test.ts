import { describe, expect, it } from "vitest";
import { parseEuroInput, parseSignedEuroInput } from "./onboarding-labels";

describe("parseEuroInput", () => {
  it("reads amounts as a German property manager types them", () => {
    expect(parseEuroInput("612,50")).toBe(612.5);
    expect(parseEuroInput("1.234,56")).toBe(1234.56);
    expect(parseEuroInput(" 700 € ")).toBe(700);
    expect(parseEuroInput("200.5")).toBe(200.5);
    expect(parseEuroInput("0")).toBe(0);
  });

  it("refuses what is not an amount with at most two decimals", () => {
    for (const text of ["", "viel", "-5", "10,555", "1,2,3", "12.345.6"]) expect(parseEuroInput(text)).toBeNull();
  });
});

describe("parseSignedEuroInput", () => {
  it("reads the balance carried over: arrears positive, credit negative", () => {
    expect(parseSignedEuroInput("1.334,90")).toBe(1334.9);
    expect(parseSignedEuroInput("-50,00")).toBe(-50);
    expect(parseSignedEuroInput("\u221250")).toBe(-50);
    for (const text of ["", "--5", "viel", "-"]) expect(parseSignedEuroInput(text)).toBeNull();
  });
});
