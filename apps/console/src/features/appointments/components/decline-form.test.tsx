import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { DeclineForm } from "./decline-form";

const appointment: StaffAppointment = {
  id: "a1",
  type: "inspection",
  title: "Besichtigung",
  status: "pending",
  origin: "tenant",
  start_time: "2026-11-24T07:00:00.000Z",
  end_time: "2026-11-24T11:00:00.000Z",
  requested_date: "2026-11-24",
  time_slot: "evening",
  notes: null,
  location: null,
  decline_reason: null,
  management_note: null,
  created_at: "2026-11-20T10:00:00.000Z",
  history: [],
  tenant: { id: "t1", name: "Anna Meyer", email: "anna@example.com", building: null, unit: null },
  assignee: null,
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeclineForm appointment={appointment} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("declining an appointment request", () => {
  it("asks for the reason in German and sends nothing without one", async () => {
    const calls = stubFetch();
    const user = renderForm();
    await user.type(screen.getByLabelText("Grund"), "   ");
    await user.click(screen.getByRole("button", { name: "Anfrage ablehnen" }));
    const reason = screen.getByLabelText("Grund");
    await waitFor(() => expect(reason).toHaveAttribute("aria-invalid", "true"));
    expect(reason).toHaveAccessibleDescription(/^Der Mieter sieht den Grund in der App und in der E-Mail\. Der Grund/);
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed reason", async () => {
    const calls = stubFetch({ status: 200, body: { ...appointment, status: "declined", decline_reason: "Urlaub" } });
    const user = renderForm();
    await user.type(screen.getByLabelText("Grund"), " Urlaub ");
    await user.click(screen.getByRole("button", { name: "Anfrage ablehnen" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/v1/staff/appointments/a1/decline");
    expect(calls[0]!.body).toStrictEqual({ reason: "Urlaub" });
  });
});
