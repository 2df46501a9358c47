import type { InboxKind, InboxState } from "@mieter-portal/contracts/staff";

/** The inbox's filters as the URL keeps them (?art=…&gebaeude=…), so a view can be bookmarked and shared. */
export interface InboxFilters {
  kind: InboxKind | null;
  building: string | null;
  state: InboxState | null;
  /** "me", "none" or a staff member's id. */
  assignee: string | null;
  overdue: boolean;
}

export const EMPTY_FILTERS: InboxFilters = { kind: null, building: null, state: null, assignee: null, overdue: false };

const KINDS: readonly InboxKind[] = ["repair", "message", "appointment", "meter_reading", "service_missed"];
const STATES: readonly InboxState[] = ["new", "in_progress"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** URL parameter names (German, as the address bar shows them). */
export const PARAMS = {
  kind: "art",
  building: "gebaeude",
  state: "status",
  assignee: "zustaendig",
  overdue: "ueberfaellig",
} as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return allowed.find((option) => option === value) ?? null;
}

/** Reads the filters from the URL; unknown values are dropped rather than sent to the server. */
export function filtersFromSearch(search: URLSearchParams): InboxFilters {
  const building = search.get(PARAMS.building);
  const assignee = search.get(PARAMS.assignee);
  return {
    kind: oneOf(search.get(PARAMS.kind), KINDS),
    building: building && UUID.test(building) ? building : null,
    state: oneOf(search.get(PARAMS.state), STATES),
    assignee: assignee === "me" || assignee === "none" || (assignee && UUID.test(assignee)) ? assignee : null,
    overdue: search.get(PARAMS.overdue) === "ja",
  };
}

/** The URL parameters of the filters: only the set ones, in a fixed order. */
export function filtersToSearch(filters: InboxFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.kind) search.set(PARAMS.kind, filters.kind);
  if (filters.building) search.set(PARAMS.building, filters.building);
  if (filters.state) search.set(PARAMS.state, filters.state);
  if (filters.assignee) search.set(PARAMS.assignee, filters.assignee);
  if (filters.overdue) search.set(PARAMS.overdue, "ja");
  return search;
}

/** The query of GET /staff/inbox (without cursor and limit). */
export function filtersToApiQuery(filters: InboxFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.kind) query.kind = filters.kind;
  if (filters.building) query.building = filters.building;
  if (filters.state) query.state = filters.state;
  if (filters.assignee) query.assignee = filters.assignee;
  if (filters.overdue) query.overdue = "true";
  return query;
}

export function withFilter(filters: InboxFilters, change: Partial<InboxFilters>): InboxFilters {
  return { ...filters, ...change };
}

export function hasFilters(filters: InboxFilters): boolean {
  return filtersToSearch(filters).toString() !== "";
}
