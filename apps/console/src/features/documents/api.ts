import { type DocumentPublication, documentPublication, documentPublicationPage } from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, queryString } from "@/lib/api-client";

export const publicationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["staff", "documents", "publications"],
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/staff/documents${queryString({ limit: 50, cursor: pageParam })}`, documentPublicationPage, { signal }),
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
 * POST /staff/documents as multipart: the text fields first, the file last, as the server reads
 * them; answered, parsed and failing like every other call.
 */
export async function publishDocument(input: PublishInput): Promise<DocumentPublication> {
  const form = new FormData();
  form.append("title", input.title);
  form.append("type", input.type);
  form.append("audience", input.audience);
  if (input.audience === "tenant" && input.tenantId) form.append("tenant_id", input.tenantId);
  if (input.audience === "building" && input.buildingId) form.append("building_id", input.buildingId);
  form.append("file", input.file, input.file.name);
  return apiPost("/staff/documents", documentPublication, form);
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
