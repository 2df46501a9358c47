import { okResponse } from "@mieter-portal/contracts";
import { cannedReply } from "@mieter-portal/contracts/staff";
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
        ? apiPatch(`/staff/canned-replies/${id}`, cannedReply, body)
        : apiPost("/staff/canned-replies", cannedReply, body),
  );
export const useDeleteCannedReply = () =>
  useCannedWrite("delete", (id: string) => apiDelete(`/staff/canned-replies/${id}`, okResponse), false);
