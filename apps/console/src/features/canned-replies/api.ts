import type { CannedReply } from "@mieter-portal/contracts/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiPatch, apiPost } from "@/lib/api-client";

function useCannedWrite<TVars, TResult>(key: string, fn: (vars: TVars) => Promise<TResult>, inlineErrors = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "canned-replies", key],
    mutationFn: fn,
    meta: { inlineErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["staff", "canned-replies"] }),
  });
}

export const useSaveCannedReply = () =>
  useCannedWrite(
    "save",
    ({ id, ...body }: { id?: string; title: string; body: string; personal?: boolean | undefined }) =>
      id
        ? apiPatch<CannedReply>(`/staff/canned-replies/${id}`, body)
        : apiPost<CannedReply>("/staff/canned-replies", body),
  );
export const useDeleteCannedReply = () =>
  useCannedWrite("delete", (id: string) => apiDelete<unknown>(`/staff/canned-replies/${id}`), false);
