import type { TenantServices } from "@mieter-portal/contracts/services";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as apiPaths from "@/config/api-paths";
import TodayServices from "@/features/services/components/today-services";
import { createQueryClient } from "@/lib/query-client";
import { Component as ServicesRoute } from "./services";

// Issue 27 §3: what tenants see of the house's services — the screen and the dashboard's line.

const NOW = new Date("2026-11-28T10:00:00Z"); // Saturday, 11:00 in Berlin

const answer: TenantServices = {
  building_name: "Lindenstraße 5",
  services: [
    {
      service_kind_id: "00000000-0000-4000-8000-000000000001",
      key: "winterdienst",
      name: "Winterdienst (Räumen und Streuen)",
      last_done: {
        started_at: "2026-11-28T04:20:00Z",
        finished_at: "2026-11-28T04:40:00Z",
        crew: { first_name: "Jonas", team: "Team Nord" },
        photo_id: null,
        conditions: { snow: true, ice: true, temperature_c: -3 },
      },
      next_planned: { date: "2026-11-29", window: { start: "09:00", end: "20:00" } },
    },
    {
      service_kind_id: "00000000-0000-4000-8000-000000000002",
      key: "treppenhausreinigung",
      name: "Treppenhausreinigung",
      last_done: {
        started_at: "2026-11-24T05:40:00Z",
        finished_at: "2026-11-24T06:12:00Z",
        crew: { first_name: "Ayşe", team: null },
        photo_id: null,
        conditions: null,
      },
      next_planned: { date: "2026-12-01", window: { start: "07:00", end: "09:00" } },
    },
    {
      service_kind_id: "00000000-0000-4000-8000-000000000003",
      key: "rasen",
      name: "Rasen mähen",
      last_done: null,
      next_planned: null,
    },
  ],
};

function renderWith(element: React.ReactElement, data: TenantServices) {
  const client = createQueryClient();
  client.setQueryData([apiPaths.services], data);
  const router = createMemoryRouter([{ path: "/", element }], { initialEntries: ["/"] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Hausdienste", () => {
  it("shows each service with zuletzt erledigt (first name and team), the conditions and nächster Termin", async () => {
    renderWith(<ServicesRoute />, answer);
    expect(await screen.findByRole("heading", { level: 1, name: "Hausdienste" })).toBeInTheDocument();
    const cards = screen.getAllByTestId("service-card");
    expect(cards).toHaveLength(3);
    const winter = within(cards[0] as HTMLElement);
    expect(winter.getByText("Heute 5:40 geräumt und gestreut")).toBeInTheDocument();
    expect(winter.getByText("Jonas (Team Nord)")).toBeInTheDocument();
    expect(winter.getByText("Schnee · Glätte · -3 °C")).toBeInTheDocument();
    expect(winter.getByText("So, 29.11., 9:00–20:00 Uhr")).toBeInTheDocument();
    const stairs = within(cards[1] as HTMLElement);
    expect(stairs.getByText("Di, 24.11., 7:12 Uhr")).toBeInTheDocument();
    expect(stairs.getByText("Ayşe")).toBeInTheDocument();
    const lawn = within(cards[2] as HTMLElement);
    expect(lawn.getByText("Noch nicht erledigt")).toBeInTheDocument();
    expect(lawn.getByText("Kein Termin geplant")).toBeInTheDocument();
  });

  it("says so when the management shows no service for the house", async () => {
    renderWith(<ServicesRoute />, { building_name: null, services: [] });
    expect(
      await screen.findByText("Für Ihr Haus zeigt die Hausverwaltung zurzeit keine Hausdienste an."),
    ).toBeInTheDocument();
  });

  it("the dashboard's line lists only what was done today, with the way to all services", async () => {
    renderWith(<TodayServices servicesPath="/services" />, answer);
    const line = await screen.findByTestId("dashboard-services");
    expect(within(line).getByRole("heading", { name: "Hausdienste heute" })).toBeInTheDocument();
    expect(
      within(line)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Winterdienst (Räumen und Streuen): erledigt um 5:40 Uhr"]);
    expect(within(line).getByRole("link", { name: "Alle Hausdienste" })).toHaveAttribute("href", "/services");
  });

  it("the dashboard shows no line on a day nothing was done", async () => {
    vi.setSystemTime(new Date("2026-11-30T10:00:00Z"));
    // The marker renders in the same commit as the line: once it shows, the line has rendered too.
    renderWith(
      <>
        <span>bereit</span>
        <TodayServices servicesPath="/services" />
      </>,
      answer,
    );
    expect(await screen.findByText("bereit")).toBeInTheDocument();
    expect(screen.queryByTestId("dashboard-services")).toBeNull();
    expect(screen.queryByText(/erledigt um/)).toBeNull();
  });
});
