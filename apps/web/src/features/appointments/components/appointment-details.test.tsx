import type { Appointment } from "@mieter-portal/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { AppointmentDetails } from "./appointment-details";

const HOUR = 3_600_000;

function appointment(overrides: Partial<Appointment>): Appointment {
  const start = new Date(Date.now() + 72 * HOUR).toISOString();
  return {
    id: "7b0a9a8e-1d7e-4c55-9f0e-2a1f6c3d4e5f",
    type: "inspection",
    title: "Rauchmelderwartung",
    status: "pending",
    origin: "management",
    start_time: start,
    end_time: new Date(Date.parse(start) + HOUR).toISOString(),
    requested_date: null,
    time_slot: null,
    notes: null,
    location: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

function renderDetails(value: Appointment) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AppointmentDetails appointment={value} onRescheduled={() => undefined} />
    </QueryClientProvider>,
  );
}

describe("AppointmentDetails", () => {
  it("offers 'Bestätigen' and 'Verschieben' for a proposal of the management", () => {
    renderDetails(appointment({ origin: "management" }));
    expect(screen.getByRole("button", { name: "Bestätigen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verschieben" })).toBeInTheDocument();
    expect(
      screen.getByText("Bitte bestätigen Sie den Termin oder schlagen Sie einen anderen vor."),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("appointment-awaiting")).not.toBeInTheDocument();
  });

  it("shows the tenant's own request as waiting for the management, without 'Bestätigen'", () => {
    renderDetails(
      appointment({ origin: "tenant", title: "Besichtigung", requested_date: "2030-01-07", time_slot: "morning" }),
    );
    expect(screen.queryByRole("button", { name: "Bestätigen" })).not.toBeInTheDocument();
    expect(screen.getByTestId("appointment-awaiting")).toHaveTextContent(
      "Wartet auf Bestätigung durch die Hausverwaltung.",
    );
    expect(screen.getByRole("button", { name: "Verschieben" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Termin absagen" })).toBeInTheDocument();
  });

  it("lets a confirmed appointment only be canceled", () => {
    renderDetails(appointment({ status: "confirmed", origin: "tenant" }));
    expect(screen.queryByRole("button", { name: "Bestätigen" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verschieben" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("appointment-awaiting")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Termin absagen" })).toBeInTheDocument();
  });

  it("shows the management's message with its answer, as the tenant's own notes are shown (issue 25 §1)", () => {
    renderDetails(
      appointment({
        origin: "tenant",
        status: "confirmed",
        notes: "Bitte vorher anrufen.",
        management_note: "Der Techniker klingelt zweimal.",
      }),
    );
    expect(screen.getByText("Nachricht der Hausverwaltung")).toBeInTheDocument();
    expect(screen.getByTestId("appointment-management-note")).toHaveTextContent("Der Techniker klingelt zweimal.");
    expect(screen.getByTestId("appointment-notes")).toHaveTextContent("Bitte vorher anrufen.");
  });

  it("shows no message block when the management wrote none", () => {
    renderDetails(appointment({ status: "confirmed", management_note: null }));
    expect(screen.queryByText("Nachricht der Hausverwaltung")).not.toBeInTheDocument();
  });
});
