import { describe, expect, it } from "vitest";
import { campaignDefaults, campaignSchema, defaultPeriod } from "./campaign-form";

describe("defaultPeriod", () => {
  it("is the turn of the year running or next: 27 December – 3 January", () => {
    expect(defaultPeriod("2026-11-23")).toEqual({ starts_on: "2026-12-27", ends_on: "2027-01-03" });
    expect(defaultPeriod("2026-12-28")).toEqual({ starts_on: "2026-12-27", ends_on: "2027-01-03" });
    expect(defaultPeriod("2027-01-03")).toEqual({ starts_on: "2026-12-27", ends_on: "2027-01-03" });
    expect(defaultPeriod("2027-01-04")).toEqual({ starts_on: "2027-12-27", ends_on: "2028-01-03" });
  });
});

const messages = (values: unknown) =>
  campaignSchema.safeParse(values).error?.issues.map((i) => [i.path.join("."), i.message]);

describe("campaignSchema", () => {
  it("sends the building, meter, period and a trimmed reason", () => {
    const values = { ...campaignDefaults("2026-11-23", "b1"), meter: "water", reason: "  Zwischenablesung " };
    expect(campaignSchema.parse(values)).toEqual({
      building_id: "b1",
      meter: "water",
      starts_on: "2026-12-27",
      ends_on: "2027-01-03",
      reason: "Zwischenablesung",
    });
  });

  it("asks for the building and the meter at once", () => {
    expect(messages(campaignDefaults("2026-11-23"))).toEqual([
      ["building_id", "Bitte wählen Sie ein Gebäude."],
      ["meter", "Bitte wählen Sie den Zähler."],
    ]);
  });

  it("leaves out an empty period and reason; half a period or an end before the start is said at the end", () => {
    const none = { building_id: "b1", meter: "all", starts_on: "", ends_on: "", reason: " " };
    expect(campaignSchema.parse(none)).toEqual({ building_id: "b1", meter: "all" });
    expect(messages({ ...none, starts_on: "2026-12-27" })).toEqual([
      ["ends_on", "Bitte geben Sie Beginn und Ende des Zeitraums an (oder keins von beiden)."],
    ]);
    expect(messages({ ...none, starts_on: "2027-01-05", ends_on: "2027-01-01" })).toEqual([
      ["ends_on", "Das Ende des Zeitraums liegt vor seinem Beginn."],
    ]);
  });
});
