import type { StaffThread, StaffThreadWritten } from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api-client";

export const threadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "message", id],
    queryFn: ({ signal }) => apiGet<StaffThread>(`/staff/threads/${id}`, { signal }),
  });

function useThreadWrite<TBody, TResult extends StaffThread>(id: string, action: "replies" | "handled") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "message", id, action],
    mutationFn: (body: TBody) => apiPost<TResult>(`/staff/threads/${id}/${action}`, body),
    meta: { inlineErrors: action === "replies" },
    onSuccess: (result) => {
      const { tenant_emailed: _, ...thread } = result as StaffThread & { tenant_emailed?: boolean };
      queryClient.setQueryData(threadQueryOptions(id).queryKey, thread);
      return queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] });
    },
  });
}

/** The answer; the result says whether the tenant was mailed (tenant_emailed). */
export const useReply = (id: string) => useThreadWrite<{ content: string }, StaffThreadWritten>(id, "replies");
export const useMarkHandled = (id: string) => useThreadWrite<Record<string, never>, StaffThread>(id, "handled");

/** A new conversation with a tenant (from the tenant page). */
export function useNewThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "message", "new"],
    mutationFn: (body: { tenant_id: string; subject: string; content: string }) =>
      apiPost<StaffThreadWritten>("/staff/threads", body),
    meta: { inlineErrors: true },
    onSuccess: (thread) => queryClient.invalidateQueries({ queryKey: ["staff", "tenant", thread.tenant.id] }),
  });
}

/** What the console says happened after writing to the tenant (issue 25 §9): mailed, or only in the portal. */
export function tenantToldText(emailed: boolean, what: "Antwort" | "Nachricht"): string {
  return emailed
    ? "Der Mieter wurde per E-Mail benachrichtigt."
    : `Der Mieter sieht die ${what} im Portal; E-Mail hat er abbestellt.`;
}
