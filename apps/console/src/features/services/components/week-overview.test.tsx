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
      "GET /staff/service-records": [{ status: 200, body: [] }],
    });
    // Saturday 28 November 2026, 10:00 in Berlin.
    const now = new Date("2026-11-28T09:00:00Z");
    const router = createMemoryRouter([
      { path: "/", element: <WeekOverview buildingId={BUILDING} monday="2026-11-23" now={now} withReports={false} /> },
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
    // One read of the visits for the week (the crew's first name comes with each visit's record),
    // one of the unplanned Einsätze; no reports for a role that does not read them.
    expect(calls.map((c) => new URL(c.url, "http://localhost").pathname)).toEqual([
      "/api/v1/staff/service-visits",
      "/api/v1/staff/service-records",
    ]);
    const visitsCall = calls.find((c) => c.url.includes("/staff/service-visits"))!;
    expect(new URL(visitsCall.url, "http://localhost").searchParams.toString()).toBe(
      `from=2026-11-23&until=2026-11-29&building_id=${BUILDING}`,
    );
  });

  it("shows the unplanned Einsätze on their day and the tenants' 'Leistung fehlt' on the visit or the day", async () => {
    const calls = routeFetch({
      "GET /staff/service-visits": [{ status: 200, body: VISITS }],
      "GET /staff/service-records": [
        {
          status: 200,
          body: [
            {
              id: "af1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
              building_id: BUILDING,
              service_name: "Winterdienst (Räumen und Streuen)",
              service_key: "winterdienst",
              // 05:31 on Friday the 27th in Berlin.
              started_at: "2026-11-27T04:31:00Z",
              finished_at: "2026-11-27T05:10:00Z",
              state: "finished",
              crew_first_name: "Ayşe",
              team: "Winterteam",
            },
          ],
        },
      ],
      "GET /staff/service-reports": [
        {
          status: 200,
          body: [
            {
              id: "bf1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
              service_kind_id: "cf1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
              service_name: "Mülltonnen bereitstellen",
              date: "2026-11-26",
              text: "Tonnen standen nicht draußen",
              thread_id: "df1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
              photos: [],
              created_at: "2026-11-26T10:00:00Z",
            },
            {
              id: "bf2f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
              service_kind_id: "cf2f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
              service_name: "Treppenhausreinigung",
              date: "2026-11-25",
              text: "Treppe nicht gewischt",
              thread_id: "df2f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
              photos: [],
              created_at: "2026-11-25T18:00:00Z",
            },
          ],
        },
      ],
    });
    const now = new Date("2026-11-28T09:00:00Z");
    const router = createMemoryRouter([
      { path: "/", element: <WeekOverview buildingId={BUILDING} monday="2026-11-23" now={now} withReports /> },
    ]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const days = await screen.findAllByTestId("service-day");
    // Friday: the unplanned Winterdienst with its times and crew.
    const unplanned = await within(days[4]!).findByTestId("service-unplanned");
    expect(unplanned).toHaveTextContent("Winterdienst (Räumen und Streuen)");
    expect(within(unplanned).getByText("ungeplant")).toBeInTheDocument();
    expect(within(unplanned).getByText("05:31–06:10 Uhr · Ayşe")).toBeInTheDocument();
    expect(
      within(unplanned).getByRole("link", { name: "Einsatz ansehen: Winterdienst (Räumen und Streuen) (ungeplant)" }),
    ).toHaveAttribute("href", "/hausdienste/einsaetze/af1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01");
    // Thursday: the report sits on the missed bins visit and leads to its conversation.
    const bins = within(days[3]!).getByTestId("service-visit");
    expect(await within(bins).findByText("Leistung fehlt gemeldet")).toBeInTheDocument();
    expect(within(bins).getByRole("link", { name: "Meldung ansehen: Mülltonnen bereitstellen" })).toHaveAttribute(
      "href",
      "/nachrichten/df1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
    );
    // Wednesday had no planned visit of that service: the report stands on its own.
    const report = within(days[2]!).getByTestId("service-report");
    expect(report).toHaveTextContent("Treppenhausreinigung");
    expect(report).toHaveTextContent("Leistung fehlt gemeldet");
    expect(within(days[2]!).queryByText("Keine Einsätze")).toBeNull();
    const reportsCall = calls.find((c) => c.url.includes("/staff/service-reports"))!;
    expect(new URL(reportsCall.url, "http://localhost").searchParams.toString()).toBe(
      `from=2026-11-23&until=2026-11-29&building_id=${BUILDING}`,
    );
  });
});
