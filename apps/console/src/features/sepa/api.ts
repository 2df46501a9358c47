import {
  type SepaCreditorRequest,
  type SepaMandateCreate,
  type SepaRunRequest,
  sepaCreditorResponse,
  sepaCreditorSettings,
  sepaMandate,
  sepaMandatePage,
  sepaReturn,
  sepaReturnPage,
  sepaRunDetail,
  sepaRunPage,
  sepaRunPreview,
} from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, apiPut, queryString } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";

/**
 * Rent by SEPA direct debit (issue 28): creditor settings, mandates, collection runs and returns.
 * Every write refreshes the SEPA reads and the ledger (a run marks charges "Lastschrift eingereicht",
 * a passed-on fee is a new charge).
 */

export const creditorQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "sepa", "creditor"],
    queryFn: ({ signal }) => apiGet("/staff/sepa/creditor", sepaCreditorResponse, { signal }),
  });

/** A tenancy's mandates, newest first (the active one, revoked and expired ones). */
export const tenancyMandatesQueryOptions = (tenancyId: string) =>
  queryOptions({
    queryKey: ["staff", "sepa", "mandates", { tenancyId }],
    queryFn: ({ signal }) =>
      apiGet(`/staff/sepa/mandates${queryString({ tenancy: tenancyId, limit: 20 })}`, sepaMandatePage, { signal }),
  });

/** The preview writes nothing: a read keyed by the request, so it follows the form. */
export const runPreviewQueryOptions = (request: SepaRunRequest) =>
  queryOptions({
    queryKey: ["staff", "sepa", "preview", request],
    queryFn: ({ signal }) => apiPost("/staff/sepa/runs/preview", sepaRunPreview, request, { signal }),
  });

export const runsQueryOptions = (building: string | null) =>
  infiniteQueryOptions({
    queryKey: ["staff", "sepa", "runs", { building }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/staff/sepa/runs${queryString({ building, limit: 50, cursor: pageParam })}`, sepaRunPage, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const runQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "sepa", "run", id],
    queryFn: ({ signal }) => apiGet(`/staff/sepa/runs/${id}`, sepaRunDetail, { signal }),
  });

export const returnsQueryOptions = (building: string | null, feeOpen: boolean) =>
  infiniteQueryOptions({
    queryKey: ["staff", "sepa", "returns", { building, feeOpen }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `/staff/sepa/returns${queryString({ building, fee_open: feeOpen ? "true" : null, limit: 50, cursor: pageParam })}`,
        sepaReturnPage,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

function useSepaWrite<TVars, TResult>(key: string, fn: (vars: TVars) => Promise<TResult>, inlineErrors = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "sepa", key],
    mutationFn: fn,
    meta: { inlineErrors },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["staff", "sepa"] }),
        queryClient.invalidateQueries({ queryKey: ["staff", "ledger"] }),
      ]),
  });
}

export const useSaveCreditor = () =>
  useSepaWrite("creditor", (body: SepaCreditorRequest) => apiPut("/staff/sepa/creditor", sepaCreditorSettings, body));

export const useCreateMandate = () =>
  useSepaWrite("mandate", (body: SepaMandateCreate) => apiPost("/staff/sepa/mandates", sepaMandate, body));

export const useRevokeMandate = () =>
  useSepaWrite("revoke", ({ id, reason }: { id: string; reason?: string | undefined }) =>
    apiPost(`/staff/sepa/mandates/${id}/revoke`, sepaMandate, reason ? { reason } : {}),
  );

export const useCreateRun = () =>
  useSepaWrite("run", (body: SepaRunRequest) => apiPost("/staff/sepa/runs", sepaRunDetail, body));

export const useCancelRun = () =>
  useSepaWrite("cancel", ({ id, notSubmitted }: { id: string; notSubmitted: boolean }) =>
    apiPost(`/staff/sepa/runs/${id}/cancel`, sepaRunDetail, notSubmitted ? { not_submitted: true } : {}),
  );

export const useDecideFee = () =>
  useSepaWrite("fee", ({ id, passOn }: { id: string; passOn: boolean }) =>
    apiPost(`/staff/sepa/returns/${id}/fee`, sepaReturn, { pass_on: passOn }),
  );

/** The pain.008 file; fetching it marks the run downloaded, so the run's reads are refreshed. */
export function useDownloadRunFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "sepa", "file"],
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) =>
      downloadFile(`/staff/sepa/runs/${id}/file`, fileName),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["staff", "sepa"] }),
  });
}

/** The filled-in SEPA-Lastschriftmandat of a mandate (PDF). */
export const downloadMandatePdf = (mandateId: string, reference: string) =>
  downloadFile(`/staff/sepa/mandates/${mandateId}/form.pdf`, `SEPA-Lastschriftmandat-${reference}.pdf`);

/** A blank mandate for the tenant to sign, carrying the reference the tenancy's next mandate gets. */
export const downloadBlankMandatePdf = (tenancyId: string) =>
  downloadFile(`/staff/sepa/tenancies/${tenancyId}/mandate-form.pdf`, "SEPA-Lastschriftmandat-Vordruck.pdf");
