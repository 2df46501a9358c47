import {
  type ServiceRatingRequest,
  type ServiceReportRequest,
  serviceRating,
  serviceReport,
} from "@mieter-portal/contracts/services";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { serviceTexts } from "../texts";

/** POST services/reports ("Leistung fehlt", JSON with up to 3 photos as data URLs); queued offline like every change. */
export const reportMissingService = defineChange({
  key: ["api", "services", "report"],
  method: "POST",
  url: () => apiPaths.serviceReports,
  body: (request: ServiceReportRequest) => request,
  // The report opens a conversation with the management: the messages list shows it.
  refresh: () => [[apiPaths.messages]],
  describe: (request) => ({ label: serviceTexts.report.queueLabel, detail: request.text }),
  response: serviceReport,
});

export function useReportMissingService() {
  const t = serviceTexts.report;
  return useChange(reportMissingService, {
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: t.errorTitle,
      errorDescription: t.errorDescription,
    },
  });
}

/** POST services/visits/:id/rating: 1–5 stars for a finished visit, once per tenant (a second one changes it). */
export const rateVisit = defineChange({
  key: ["api", "services", "rating"],
  method: "POST",
  url: ({ visitId }: { visitId: string; rating: ServiceRatingRequest }) => apiPaths.serviceRating(visitId),
  body: ({ rating }) => rating,
  refresh: () => [[apiPaths.services]],
  describe: ({ rating }) => ({ label: serviceTexts.rating.queueLabel, detail: serviceTexts.rating.star(rating.stars) }),
  response: serviceRating,
});

export function useRateVisit() {
  const t = serviceTexts.rating;
  return useChange(rateVisit, {
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: t.errorTitle,
      errorDescription: t.errorDescription,
    },
  });
}
