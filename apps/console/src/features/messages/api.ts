import type { StaffThread } from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api-client";

export const threadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "message", id],
    queryFn: ({ signal }) => apiGet<StaffThread>(`/staff/threads/${id}`, { signal }),
  });

function useThreadWrite<TBody>(id: string, action: "replies" | "handled") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "message", id, action],
    mutationFn: (body: TBody) => apiPost<StaffThread>(`/staff/threads/${id}/${action}`, body),
    meta: { inlineErrors: action === "replies" },
    onSuccess: (thread) => {
      queryClient.setQueryData(threadQueryOptions(id).queryKey, thread);
      return queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] });
    },
  });
}

export const useReply = (id: string) => useThreadWrite<{ content: string }>(id, "replies");
export const useMarkHandled = (id: string) => useThreadWrite<Record<string, never>>(id, "handled");

/** A new conversation with a tenant (from the tenant page). */
export function useNewThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "message", "new"],
    mutationFn: (body: { tenant_id: string; subject: string; content: string }) =>
      apiPost<StaffThread>("/staff/threads", body),
    meta: { inlineErrors: true },
    onSuccess: (thread) => queryClient.invalidateQueries({ queryKey: ["staff", "tenant", thread.tenant.id] }),
  });
}
