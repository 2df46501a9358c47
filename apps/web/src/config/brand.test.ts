import { brandConfig, DEFAULT_BRAND as CONTRACTS_BRAND } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { toBrand } from "@/lib/brand";
import { brandFromDocument, DEFAULT_BRAND } from "./brand";

describe("the brand before /api/v1/config answered", () => {
  it("is the server's default brand, defined once in contracts (same hotline, phone and address)", () => {
    expect(DEFAULT_BRAND).toBe(CONTRACTS_BRAND);
    expect(brandConfig.parse(DEFAULT_BRAND)).toEqual(DEFAULT_BRAND);
    const shown = brandFromDocument();
    expect(shown).toEqual(CONTRACTS_BRAND);
    expect(shown.emergencyHotline).toBe("+49 800 1234567");
    expect(shown.officeAddress).toBe("Gartenstraße 12, 10115 Berlin");
  });

  it("takes the company name and logo the server wrote into index.html", () => {
    const meta = (name: string, content: string) => {
      const element = document.createElement("meta");
      element.name = name;
      element.content = content;
      document.head.append(element);
      return element;
    };
    const added = [meta("mp-company-name", "Beispiel Verwaltung"), meta("mp-logo-text", "BV")];
    try {
      expect(brandFromDocument()).toEqual({ ...CONTRACTS_BRAND, companyName: "Beispiel Verwaltung", logoText: "BV" });
    } finally {
      for (const element of added) element.remove();
    }
  });
});

describe("toBrand", () => {
  it("keeps the server's fields and fills missing ones from the default", () => {
    expect(
      toBrand({ companyName: "X GmbH", logoText: "XG", emergencyHotline: "+49 1", imprint: { vatId: "DE1" } }),
    ).toEqual({
      ...CONTRACTS_BRAND,
      companyName: "X GmbH",
      logoText: "XG",
      emergencyHotline: "+49 1",
      imprint: { ...CONTRACTS_BRAND.imprint, vatId: "DE1" },
    });
  });

  it("refuses a brand without company name or logo", () => {
    expect(toBrand({ companyName: " ", logoText: "XG" })).toBeNull();
    expect(toBrand({ companyName: "X", logoText: 2 })).toBeNull();
    expect(toBrand(null)).toBeNull();
  });
});
