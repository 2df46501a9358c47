import { campaignExportFileName } from "@mieter-portal/contracts/staff";
import { describe, expect, it } from "vitest";

// Issue 25 item 20: the export's file name carried only the building's name, so two buildings of
// the same name ("Hauptstraße 1" in Berlin and in Potsdam) downloaded into the same file.

const campaign = (name: string, address: string) => ({
  building: { name, address },
  meter: "water",
  starts_on: "2026-12-27",
});

describe("campaignExportFileName", () => {
  it("two buildings of the same name in different places get different file names", () => {
    const berlin = campaignExportFileName(campaign("Hauptstraße 1", "Hauptstraße 1, 10115 Berlin"));
    const potsdam = campaignExportFileName(campaign("Hauptstraße 1", "Hauptstraße 1, 14467 Potsdam"));
    expect(berlin).toBe("zaehlerstaende-hauptstrasse-1-10115-berlin-water-2026-12-27.csv");
    expect(potsdam).toBe("zaehlerstaende-hauptstrasse-1-14467-potsdam-water-2026-12-27.csv");
  });

  it("a name the address does not start with leads, the address follows", () => {
    expect(campaignExportFileName(campaign("Haus A", "Gartenweg 12, 10115 Berlin"))).toBe(
      "zaehlerstaende-haus-a-gartenweg-12-10115-berlin-water-2026-12-27.csv",
    );
  });

  it("only ASCII letters, digits and hyphens; a building without either gets a word", () => {
    expect(campaignExportFileName(campaign("Über·Straße 3/4", "Über·Straße 3/4, 80331 München"))).toBe(
      "zaehlerstaende-ueber-strasse-3-4-80331-muenchen-water-2026-12-27.csv",
    );
    expect(campaignExportFileName(campaign("", ""))).toBe("zaehlerstaende-gebaeude-water-2026-12-27.csv");
  });
});
