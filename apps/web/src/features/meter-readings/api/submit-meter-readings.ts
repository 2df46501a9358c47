import { type MeterReadingSubmission, meterReading } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { meterTexts } from "../texts";
import { meterCampaignsQueryKey } from "./get-meter-campaigns";
import { meterReadingsQueryKey } from "./get-meter-readings";

const numberFormat = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });

/** The queue's summary of a submission: "Wasser 123,5 m³, Strom 4.567 kWh". */
export function meterReadingsDetail(submission: MeterReadingSubmission): string | null {
  const m = meterTexts.meters;
  const parts: string[] = [];
  const add = (name: string, value: number | null | undefined, unit: string) => {
    if (typeof value === "number" && Number.isFinite(value))
      parts.push(`${name} ${numberFormat.format(value)} ${unit}`);
  };
  add(m.water.name, submission.waterReading, "m³");
  add(m.electricity.name, submission.electricityReading, "kWh");
  add(m.heating.name, submission.heatingReading, "kWh");
  return parts.length ? parts.join(", ") : null;
}

/** POST meter-readings (JSON, photos as data URLs); the history and the campaign card are refetched afterwards. */
export const submitMeterReadings = defineChange({
  key: ["api", "meter-readings", "create"],
  method: "POST",
  url: () => apiPaths.meterReadings,
  body: (submission: MeterReadingSubmission) => submission,
  refresh: () => [meterReadingsQueryKey, meterCampaignsQueryKey],
  describe: (submission) => ({ label: meterTexts.queue.submit, detail: meterReadingsDetail(submission) }),
  response: meterReading,
});

export function useSubmitMeterReadings() {
  return useChange(submitMeterReadings, {
    meta: {
      successTitle: meterTexts.successTitle,
      successDescription: meterTexts.successDescription,
      errorTitle: meterTexts.errorTitle,
      errorDescription: meterTexts.errorDescription,
    },
  });
}
