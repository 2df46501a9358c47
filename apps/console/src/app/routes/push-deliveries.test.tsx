import type { PushDeliveryOverview } from "@mieter-portal/contracts";
import type { StaffProfile, StaffRole } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MeContext } from "@/lib/me";
import { routeFetch } from "@/test/route-fetch";
import { Navigation } from "../shell/nav";
import { Component as PushDeliveriesRoute } from "./push-deliveries";

const me = (role: StaffRole): StaffProfile => ({
  id: "s1",
  email: "staff@example.com",
  name: "Katrin Grünfeld",
  role,
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
});

/** As GET /staff/push/deliveries answers (contracts' pushDeliveryOverview). */
const OVERVIEW: PushDeliveryOverview = {
  since: "2026-11-30T08:00:00.000Z",
  counts: { sent: 1234, pending: 3, failed: 2, expired: 1, gone: 4 },
  devices: { tenant: 41, staff: 5 },
  problems: [
    {
      id: "d-1",
      kind: "emergency_repair",
      state: "pending",
      attempts: 2,
      last_status: 500,
      last_error: "Push-Dienst antwortete 500",
      created_at: "2026-12-07T07:00:00.000Z",
      next_attempt_at: "2026-12-07T07:05:00.000Z",
    },
    {
      id: "d-2",
      kind: "notice",
      state: "failed",
      attempts: 8,
      last_status: null,
      last_error: "Zeitüberschreitung",
      created_at: "2026-12-06T07:00:00.000Z",
      next_attempt_at: null,
    },
  ],
};

function renderWithMe(role: StaffRole, ui: React.ReactNode) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={me(role)}>{ui}</MeContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe("Push-Zustellung (issue 29)", () => {
  it("shows an Administrator the pushes of the last 7 days by state, the devices and the newest problems", async () => {
    const calls = routeFetch({ "GET /staff/push/deliveries": [{ status: 200, body: OVERVIEW }] });
    renderWithMe("administrator", <PushDeliveriesRoute />);
    expect(await screen.findByTestId("push-count-sent")).toHaveTextContent("1.234");
    expect(screen.getByTestId("push-count-pending")).toHaveTextContent("3");
    expect(screen.getByTestId("push-count-failed")).toHaveTextContent("2");
    expect(screen.getByTestId("push-devices-all")).toHaveTextContent("46");
    expect(screen.getByTestId("push-devices-tenant")).toHaveTextContent("41");
    expect(screen.getByTestId("push-devices-staff")).toHaveTextContent("5");
    const problems = within(screen.getByRole("region", { name: "Neueste Probleme" })).getAllByRole("listitem");
    expect(problems).toHaveLength(2);
    expect(problems[0]).toHaveTextContent("Verwaltung: Neue Notfall-Reparaturen in meinen Gebäuden");
    expect(problems[0]).toHaveTextContent("Ausstehend");
    expect(problems[0]).toHaveTextContent("HTTP 500 · Push-Dienst antwortete 500");
    expect(problems[0]).toHaveTextContent("Nächster Versuch:");
    expect(problems[1]).toHaveTextContent("Mieter: Aushänge und Störungen");
    expect(problems[1]).toHaveTextContent("Fehlgeschlagen");
    expect(problems[1]).not.toHaveTextContent("Nächster Versuch:");
    expect(calls.map((c) => c.url)).toEqual(["/staff/push/deliveries"]);
  });

  it("is linked in the navigation for Administrators only; other roles get a notice and no request", () => {
    for (const role of ["verwalter", "hausmeister", "dienstleister"] as const) {
      renderWithMe(role, <Navigation onLogout={() => {}} />);
      expect(screen.queryByRole("link", { name: "Push-Zustellung" })).not.toBeInTheDocument();
      cleanup();
    }
    renderWithMe("administrator", <Navigation onLogout={() => {}} />);
    expect(screen.getByRole("link", { name: "Push-Zustellung" })).toHaveAttribute("href", "/push-zustellung");
    cleanup();

    const calls = routeFetch({});
    renderWithMe("verwalter", <PushDeliveriesRoute />);
    expect(screen.getByRole("heading", { name: "Kein Zugriff" })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
