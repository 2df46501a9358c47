import { type MandateChangeRequest, mandateChangeResponse } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import * as sepaPaths from "@/config/api-paths-sepa";
import { defineChange, useChange } from "@/lib/changes";
import { directDebitTexts } from "../direct-debit-texts";
import { directDebitQueryKey } from "./get-direct-debit";

/**
 * POST finances/direct-debit/change-request: the tenant wants to pay from another account. It opens
 * a conversation with the management (the Eingang); queued offline like every change, sent once.
 */
export const requestMandateChange = defineChange({
  key: ["api", "finances", "mandate-change"],
  method: "POST",
  url: () => sepaPaths.directDebitChangeRequest,
  body: (request: MandateChangeRequest) => request,
  refresh: () => [[...directDebitQueryKey], [apiPaths.messages]],
  describe: (request) => ({ label: directDebitTexts.changeQueueLabel, detail: request.note ?? null }),
  response: mandateChangeResponse,
});

export function useRequestMandateChange() {
  const t = directDebitTexts;
  return useChange(requestMandateChange, {
    meta: {
      successTitle: t.changeSuccessTitle,
      successDescription: t.changeSuccessDescription,
      errorTitle: t.changeErrorTitle,
    },
  });
}
