import { type RepairRequest, repair } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { repairTexts } from "../texts";
import { repairsQueryKey } from "./get-repairs";

/** POST repairs (JSON, up to 3 photos as data URLs); the list is refetched afterwards. */
export const reportRepair = defineChange({
  key: ["api", "repairs", "create"],
  method: "POST",
  url: () => apiPaths.repairs,
  body: (request: RepairRequest) => request,
  refresh: () => [repairsQueryKey],
  describe: (request) => ({ label: repairTexts.queue.report, detail: request.description }),
  response: repair,
});

export function useReportRepair() {
  const t = repairTexts.form;
  return useChange(reportRepair, {
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: t.errorTitle,
      errorDescription: t.errorDescription,
    },
  });
}
