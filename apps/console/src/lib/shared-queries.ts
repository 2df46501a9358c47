import type { Building, CannedReply } from "@mieter-portal/contracts/staff";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "./api-client";

/** Lists several screens use: buildings, colleagues to assign, canned replies. */
export const buildingsQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "buildings"],
    queryFn: ({ signal }) => apiGet<Building[]>("/staff/buildings", { signal }),
    staleTime: 5 * 60_000,
  });

export const colleaguesQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "colleagues"],
    queryFn: ({ signal }) => apiGet<{ id: string; name: string }[]>("/staff/colleagues", { signal }),
    staleTime: 5 * 60_000,
  });

/** Textbausteine: picked in replies; the shared ones (kept by Administrators) and the reader's own. */
export const cannedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "canned-replies"],
    queryFn: ({ signal }) => apiGet<CannedReply[]>("/staff/canned-replies", { signal }),
    staleTime: 60_000,
  });
