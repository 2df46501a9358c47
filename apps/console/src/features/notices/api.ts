import {
  type NoticeStatus,
  type StaffNoticeCreateRequest,
  type StaffNoticeDetail,
  type StaffNoticeUpdateRequest,
  staffNoticeDetail,
  staffNoticePage,
  staffNoticeRecipients,
} from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPatch, apiPost, queryString } from "@/lib/api-client";

/** The building filter: a building's id, "all" for the notices to every building, null for all I see. */
export const noticesQueryOptions = (building: string | null, status: NoticeStatus | null) =>
  infiniteQueryOptions({
    queryKey: ["staff", "notices", "list", { building, status }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/staff/notices${queryString({ building, status, limit: 50, cursor: pageParam })}`, staffNoticePage, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** One notice with the tenants who answered "Betrifft mich auch". */
export const noticeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "notices", "detail", id],
    queryFn: ({ signal }) => apiGet(`/staff/notices/${id}`, staffNoticeDetail, { signal }),
  });

/** How many tenants an outage notice for the building ("all": every building) would mail now. */
export async function fetchNoticeRecipients(building: string): Promise<number> {
  const res = await apiGet(`/staff/notices/recipients${queryString({ building })}`, staffNoticeRecipients);
  return res.recipients;
}

function useNoticeWrite<TVars>(key: string, fn: (vars: TVars) => Promise<StaffNoticeDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "notices", key],
    mutationFn: fn,
    meta: { inlineErrors: key !== "end" },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["staff", "notices"] }),
  });
}

export const usePublishNotice = () =>
  useNoticeWrite("create", (body: StaffNoticeCreateRequest) => apiPost("/staff/notices", staffNoticeDetail, body));
export const useUpdateNotice = () =>
  useNoticeWrite("update", ({ id, ...body }: StaffNoticeUpdateRequest & { id: string }) =>
    apiPatch(`/staff/notices/${id}`, staffNoticeDetail, body),
  );
export const useEndNotice = () =>
  useNoticeWrite("end", (id: string) => apiPost(`/staff/notices/${id}/end`, staffNoticeDetail));
