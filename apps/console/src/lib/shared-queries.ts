import {
  building,
  cannedReply,
  type InvitationStatus,
  personRef,
  staffTenantPage,
} from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, queryString } from "./api-client";

/** Lists several screens use: buildings, colleagues to assign, canned replies, tenants to pick. */
export const buildingsQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "buildings"],
    queryFn: ({ signal }) => apiGet("/staff/buildings", z.array(building), { signal }),
    staleTime: 5 * 60_000,
  });

export const colleaguesQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "colleagues"],
    queryFn: ({ signal }) => apiGet("/staff/colleagues", z.array(personRef), { signal }),
    staleTime: 5 * 60_000,
  });

/** Textbausteine: picked in replies; the shared ones (kept by Administrators) and the reader's own. */
export const cannedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "canned-replies"],
    queryFn: ({ signal }) => apiGet("/staff/canned-replies", z.array(cannedReply), { signal }),
    staleTime: 60_000,
  });

/** Tenants of my buildings by name, page by page (the tenant list; the document form picks one). */
export const tenantsQueryOptions = (q: string, building: string | null, invitation: InvitationStatus | null = null) =>
  infiniteQueryOptions({
    queryKey: ["staff", "tenants", { q, building, invitation }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `/staff/tenants${queryString({ q, building, invitation, limit: 50, cursor: pageParam })}`,
        staffTenantPage,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
