import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routeFetch } from "../test-fetch";
import { WeekOverview } from "./week-overview";

const BUILDING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";
const PLAN = "8f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";
const RECORD = "9f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";
const base = { plan_id: PLAN, building_id: BUILDING, moved_from: null, note: null, checklist: [] };
const VISITS = [
  {
    ...base,
    id: "0a1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
    service_name: "Treppenhausreinigung",
    service_key: "treppenhausreinigung",
    planned_on: "2026-11-23",
    window: { start: "07:00", end: "12:00" },
    record: {
      id: RECORD,
      state: "finished",
      started_at: "2026-11-23T06:12:00Z",
      finished_at: "2026-11-23T06:58:00Z",
      crew_first_name: "Jonas",
    },
  },
  {
    ...base,
    id: "0b1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
    service_name: "Mülltonnen bereitstellen",
    service_key: "muelltonnen",
    planned_on: "2026-11-26",
    window: { start: "06:00", end: "08:00" },
    record: null,
  },
  {
    ...base,
    id: "0c1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
    service_name: "Winterdienst (Räumen und Streuen)",
    service_key: "winterdienst",
    planned_on: "2026-11-28",
    window: { start: "07:00", end: "20:00" },
    record: null,
  },
];

describe("the week overview", () => {
  it("shows Monday to Sunday with each visit's window and state at the given time", async () => {
    const calls = routeFetch({
      "GET /staff/service-visits": [{ status: 200, body: VISITS }],
    });
    // Saturday 28 November 2026, 10:00 in Berlin.
    const now = new Date("2026-11-28T09:00:00Z");
    const router = createMemoryRouter([
      { path: "/", element: <WeekOverview buildingId={BUILDING} monday="2026-11-23" now={now} /> },
    ]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const days = await screen.findAllByTestId("service-day");
    expect(days.map((d) => within(d).getByRole("heading").textContent)).toStrictEqual([
      "Montag, 23.11.",
      "Dienstag, 24.11.",
      "Mittwoch, 25.11.",
      "Donnerstag, 26.11.",
      "Freitag, 27.11.",
      "Samstag, 28.11. (heute)",
      "Sonntag, 29.11.",
    ]);
    expect(await within(days[0]!).findByText("07:12–07:58 Uhr · Jonas")).toBeInTheDocument();
    expect(within(days[0]!).getByText("erledigt")).toBeInTheDocument();
    expect(within(days[0]!).getByRole("link", { name: "Einsatz ansehen: Treppenhausreinigung" })).toHaveAttribute(
      "href",
      `/hausdienste/einsaetze/${RECORD}`,
    );
    expect(within(days[3]!).getByText("versäumt")).toBeInTheDocument();
    expect(within(days[5]!).getByText("geplant")).toBeInTheDocument();
    expect(within(days[6]!).getByText("Keine Einsätze")).toBeInTheDocument();
    // One read for the week: the crew's first name comes with each visit's record.
    expect(calls).toHaveLength(1);
    const visitsCall = calls.find((c) => c.url.includes("/staff/service-visits"))!;
    expect(new URL(visitsCall.url, "http://localhost").searchParams.toString()).toBe(
      `from=2026-11-23&until=2026-11-29&building_id=${BUILDING}`,
    );
  });
});
