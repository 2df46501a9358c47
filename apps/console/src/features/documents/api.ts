import type { DocumentPublication } from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { env } from "@/config/env";
import { ApiError, apiGet, NETWORK_ERROR_MESSAGE, queryString, toApiError } from "@/lib/api-client";
import { getToken, signOut } from "@/lib/session";

export const publicationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["staff", "documents", "publications"],
    queryFn: ({ pageParam, signal }) =>
      apiGet<{ items: DocumentPublication[]; next_cursor: string | null }>(
        `/staff/documents${queryString({ limit: 50, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export interface PublishInput {
  title: string;
  type: string;
  audience: "tenant" | "building" | "all";
  tenantId?: string;
  buildingId?: string;
  file: File;
}

/**
 * POST /staff/documents as multipart (the JSON client cannot send files): the text fields first,
 * the file last, as the server reads them. Errors become the same ApiError as every other call.
 */
export async function publishDocument(input: PublishInput): Promise<DocumentPublication> {
  const form = new FormData();
  form.append("title", input.title);
  form.append("type", input.type);
  form.append("audience", input.audience);
  if (input.audience === "tenant" && input.tenantId) form.append("tenant_id", input.tenantId);
  if (input.audience === "building" && input.buildingId) form.append("building_id", input.buildingId);
  form.append("file", input.file, input.file.name);
  const headers = new Headers({ "X-API-Key": env.apiKey, Accept: "application/json" });
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(`${env.apiBase}/staff/documents`, { method: "POST", headers, body: form });
  } catch {
    throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
  }
  if (res.ok) return (await res.json()) as DocumentPublication;
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 401 && token) signOut("expired");
  throw toApiError(res.status, body);
}

export function usePublishDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "documents", "publish"],
    mutationFn: publishDocument,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["staff", "documents"] }),
  });
}
