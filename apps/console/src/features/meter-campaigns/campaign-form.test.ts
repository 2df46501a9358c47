import { meterCampaignCreate } from "@mieter-portal/contracts/staff";
import { describe, expect, it } from "vitest";
import { createRequest, defaultPeriod, initialValues } from "./campaign-form";

describe("defaultPeriod", () => {
  it("is the turn of the year running or next: 27 December – 3 January", () => {
    expect(defaultPeriod("2026-11-23")).toEqual({ startsOn: "2026-12-27", endsOn: "2027-01-03" });
    expect(defaultPeriod("2026-12-28")).toEqual({ startsOn: "2026-12-27", endsOn: "2027-01-03" });
    expect(defaultPeriod("2027-01-03")).toEqual({ startsOn: "2026-12-27", endsOn: "2027-01-03" });
    expect(defaultPeriod("2027-01-04")).toEqual({ startsOn: "2027-12-27", endsOn: "2028-01-03" });
  });
});

describe("createRequest", () => {
  it("sends the building, meter, period and a trimmed reason; the contract accepts it", () => {
    const values = { ...initialValues("2026-11-23", "b1"), meter: "water" as const, reason: "  Zwischenablesung " };
    const body = createRequest(values);
    expect(body).toEqual({
      building_id: "b1",
      meter: "water",
      starts_on: "2026-12-27",
      ends_on: "2027-01-03",
      reason: "Zwischenablesung",
    });
    expect(meterCampaignCreate.safeParse(body).success).toBe(true);
  });

  it("leaves out what is empty, so the contract answers in German", () => {
    const body = createRequest({ building: "b1", meter: "", startsOn: "2026-12-27", endsOn: "", reason: "" });
    expect(body).toEqual({ building_id: "b1", starts_on: "2026-12-27" });
    expect(meterCampaignCreate.safeParse(body).error?.issues[0]?.message).toBe(
      "Bitte wählen Sie den Zähler: water, electricity, heating oder all.",
    );
    const halfPeriod = meterCampaignCreate.safeParse({ ...body, meter: "water" });
    expect(halfPeriod.error?.issues[0]?.message).toBe(
      "Bitte geben Sie Beginn und Ende des Zeitraums an (oder keins von beiden).",
    );
  });

  it("refuses an end before the start", () => {
    const body = createRequest({
      building: "b1",
      meter: "all",
      startsOn: "2027-01-05",
      endsOn: "2027-01-01",
      reason: "",
    });
    expect(meterCampaignCreate.safeParse(body).error?.issues[0]?.message).toBe(
      "Das Ende des Zeitraums liegt vor seinem Beginn.",
    );
  });
});
