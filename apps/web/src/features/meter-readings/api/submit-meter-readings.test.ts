import { describe, expect, it } from "vitest";
import { changeVariables } from "@/lib/changes";
import { submitMeterReadings } from "./submit-meter-readings";

describe("submitMeterReadings", () => {
  it("is queued as 'Zählerstände' with the values in German numbers and units", () => {
    const variables = changeVariables(submitMeterReadings, {
      readingDate: "2026-01-05",
      waterReading: 1234.5,
      electricityReading: null,
      heatingReading: 87,
    });
    expect(variables).toMatchObject({
      method: "POST",
      url: "/api/v1/tenant/meter-readings",
      invalidates: [["/api/v1/tenant/meter-readings"], ["/api/v1/tenant/meter-campaigns"]],
      label: "Zählerstände",
      detail: "Wasser 1.234,5 m³, Heizung 87 kWh",
    });
  });
});
