import { describe, expect, it } from "vitest";
import {
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToApiQuery,
  filtersToSearch,
  hasFilters,
  withFilter,
} from "./filters";

const BUILDING = "0b5c1a5e-8c2f-4a63-9a3b-6f0e2d1c4b7a";

describe("inbox filters and the URL", () => {
  it("reads every filter from German URL parameters and writes them back unchanged", () => {
    const search = new URLSearchParams(`art=repair&gebaeude=${BUILDING}&status=new&zustaendig=me&ueberfaellig=ja`);
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({ kind: "repair", building: BUILDING, state: "new", assignee: "me", overdue: true });
    expect(filtersToSearch(filters).toString()).toBe(search.toString());
  });

  it("drops unknown values instead of sending them to the server", () => {
    const filters = filtersFromSearch(
      new URLSearchParams("art=rechnung&gebaeude=123&status=alt&zustaendig=jemand&ueberfaellig=vielleicht"),
    );
    expect(filters).toEqual(EMPTY_FILTERS);
    expect(hasFilters(filters)).toBe(false);
  });

  it("accepts none and a colleague's id as Zuständig", () => {
    expect(filtersFromSearch(new URLSearchParams("zustaendig=none")).assignee).toBe("none");
    expect(filtersFromSearch(new URLSearchParams(`zustaendig=${BUILDING}`)).assignee).toBe(BUILDING);
  });

  it("maps the filters onto GET /staff/inbox's query", () => {
    expect(filtersToApiQuery(EMPTY_FILTERS)).toEqual({});
    expect(
      filtersToApiQuery(withFilter(EMPTY_FILTERS, { kind: "meter_reading", assignee: "none", overdue: true })),
    ).toEqual({ kind: "meter_reading", assignee: "none", overdue: "true" });
  });

  it("an empty filter set leaves the URL clean", () => {
    expect(filtersToSearch(EMPTY_FILTERS).toString()).toBe("");
    expect(filtersToSearch(withFilter(EMPTY_FILTERS, { overdue: true })).toString()).toBe("ueberfaellig=ja");
  });
});
