import { type ServiceVisit, serviceVisit } from "@mieter-portal/contracts/services";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "./api";
import { VISITS_STORAGE_KEY } from "./config";
import { getSession } from "./session";
import { readJson, writeJson } from "./storage";

const visitList = z.array(serviceVisit);

interface CachedVisits {
  accountId: string;
  key: string;
  visits: ServiceVisit[];
  fetchedAt: number;
}

/** The last answers per period, so the lists show in the cellar (at most a few periods are kept). */
function cached(accountId: string, key: string): CachedVisits | undefined {
  return readJson<CachedVisits[]>(VISITS_STORAGE_KEY, []).find((c) => c.accountId === accountId && c.key === key);
}

function remember(entry: CachedVisits) {
  const others = readJson<CachedVisits[]>(VISITS_STORAGE_KEY, []).filter(
    (c) => !(c.accountId === entry.accountId && c.key === entry.key),
  );
  writeJson(VISITS_STORAGE_KEY, [entry, ...others].slice(0, 6));
}

/** GET /staff/service-visits?from&until for the buildings the crew member is assigned to. */
export function useVisits(from: string, until: string, enabled = true) {
  const accountId = getSession()?.staff.id ?? "";
  const key = `${from}..${until}`;
  const stored = cached(accountId, key);
  return useQuery({
    queryKey: ["visits", from, until, accountId],
    queryFn: async ({ signal }) => {
      const visits = await api("GET", `/staff/service-visits?from=${from}&until=${until}`, visitList, undefined, {
        signal,
      });
      remember({ accountId, key, visits, fetchedAt: Date.now() });
      return visits;
    },
    initialData: stored?.visits,
    initialDataUpdatedAt: stored?.fetchedAt,
    enabled: enabled && from !== "" && until !== "",
    staleTime: 30_000,
    // Offline the query waits instead of failing (TanStack's networkMode "online").
    retry: 1,
  });
}

/** Finds a visit in any cached answer (a visit's screen opened offline). */
export function cachedVisit(visitId: string): ServiceVisit | null {
  const accountId = getSession()?.staff.id ?? "";
  for (const c of readJson<CachedVisits[]>(VISITS_STORAGE_KEY, [])) {
    if (c.accountId !== accountId) continue;
    const found = c.visits.find((v) => v.id === visitId);
    if (found) return found;
  }
  return null;
}
