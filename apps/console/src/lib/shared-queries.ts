import { building, cannedReply, personRef } from "@mieter-portal/contracts/staff";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "./api-client";

/** Lists several screens use: buildings, colleagues to assign, canned replies. */
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
