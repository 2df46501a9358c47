import {
  type CsvMappingRequest,
  csvLayoutResponse,
  type ImportRequest,
  importPreview,
  importResult,
  ledgerAccountPage,
  ledgerDetail,
  overduePage,
  type RecordPaymentRequest,
  type RentChangeRequest,
  reminderResponse,
  unmatchedPage,
} from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, apiPut, queryString } from "@/lib/api-client";

/** The rent ledger's reads and writes (issue 14 §2); every write refreshes the whole ledger. */

export const accountsQueryOptions = (q: string, building: string | null) =>
  infiniteQueryOptions({
    queryKey: ["staff", "ledger", "accounts", { q, building }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `/staff/ledger/accounts${queryString({ q: q || null, building, limit: 50, cursor: pageParam })}`,
        ledgerAccountPage,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const ledgerQueryOptions = (tenancyId: string, year: number | null) =>
  queryOptions({
    queryKey: ["staff", "ledger", "account", tenancyId, year],
    queryFn: ({ signal }) =>
      apiGet(`/staff/ledger/accounts/${tenancyId}${queryString({ year })}`, ledgerDetail, { signal }),
  });

export const overdueQueryOptions = (q: string, building: string | null) =>
  infiniteQueryOptions({
    queryKey: ["staff", "ledger", "overdue", { q, building }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `/staff/ledger/overdue${queryString({ q: q || null, building, limit: 50, cursor: pageParam })}`,
        overduePage,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const unmatchedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["staff", "ledger", "unmatched"],
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/staff/ledger/unmatched${queryString({ limit: 50, cursor: pageParam })}`, unmatchedPage, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

function useLedgerWrite<TVars, TResult>(key: string, fn: (vars: TVars) => Promise<TResult>, inlineErrors = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "ledger", key],
    mutationFn: fn,
    meta: { inlineErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["staff", "ledger"] }),
  });
}

export const useRecordPayment = (tenancyId: string) =>
  useLedgerWrite("payment", (body: RecordPaymentRequest) =>
    apiPost(`/staff/ledger/accounts/${tenancyId}/payments`, ledgerDetail, body),
  );

export const useChangeRent = (tenancyId: string) =>
  useLedgerWrite("rent-change", (body: RentChangeRequest) =>
    apiPost(`/staff/ledger/accounts/${tenancyId}/rent-changes`, ledgerDetail, body),
  );

export const useSendReminder = () =>
  useLedgerWrite(
    "reminder",
    (tenancyId: string) => apiPost(`/staff/ledger/accounts/${tenancyId}/reminders`, reminderResponse),
    false,
  );

/** One account (tenancyId), or a split into parts of accounts summing exactly to the line. */
export const useAssignLine = () =>
  useLedgerWrite(
    "assign",
    ({ id, tenancyId, parts }: { id: string; tenancyId?: string; parts?: { tenancy_id: string; amount: number }[] }) =>
      apiPost(`/staff/ledger/unmatched/${id}/assign`, ledgerDetail, parts ? { parts } : { tenancy_id: tenancyId }),
  );

/** Remembers a CSV layout's column mapping; later files of that layout are read by themselves. */
export const useSaveCsvLayout = () =>
  useLedgerWrite("csv-layout", ({ signature, mapping }: { signature: string; mapping: CsvMappingRequest }) =>
    apiPut(`/staff/ledger/csv-layouts/${encodeURIComponent(signature)}`, csvLayoutResponse, { mapping }),
  );

/** Preview writes nothing: no refresh. */
export const usePreviewStatement = () =>
  useMutation({
    mutationKey: ["staff", "ledger", "preview"],
    mutationFn: (body: ImportRequest) => apiPost("/staff/ledger/imports/preview", importPreview, body),
    meta: { inlineErrors: true },
  });

export const useImportStatement = () =>
  useLedgerWrite("import", (body: ImportRequest) => apiPost("/staff/ledger/imports", importResult, body));
