import {
  type StaffThread,
  type StaffThreadWritten,
  staffThread,
  staffThreadWritten,
} from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, apiGet, apiPost } from "@/lib/api-client";

export const threadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "message", id],
    queryFn: ({ signal }) => apiGet(`/staff/threads/${id}`, staffThread, { signal }),
  });

function useThreadWrite<TBody, TResult extends StaffThread>(
  id: string,
  action: "replies" | "handled",
  answer: Answer<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "message", id, action],
    mutationFn: (body: TBody) => apiPost(`/staff/threads/${id}/${action}`, answer, body),
    meta: { inlineErrors: action === "replies" },
    onSuccess: (result) => {
      // The detail read's shape: parsing with its schema drops what only a write answers (tenant_emailed).
      queryClient.setQueryData(threadQueryOptions(id).queryKey, staffThread.parse(result));
      return queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] });
    },
  });
}

/** The answer; the result says whether the tenant was mailed (tenant_emailed). */
export const useReply = (id: string) =>
  useThreadWrite<{ content: string }, StaffThreadWritten>(id, "replies", staffThreadWritten);
export const useMarkHandled = (id: string) =>
  useThreadWrite<Record<string, never>, StaffThread>(id, "handled", staffThread);

/** A new conversation with a tenant (from the tenant page). */
export function useNewThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "message", "new"],
    mutationFn: (body: { tenant_id: string; subject: string; content: string }) =>
      apiPost("/staff/threads", staffThreadWritten, body),
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
