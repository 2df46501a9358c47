import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { ProposeForm } from "./propose-form";

const appointment: StaffAppointment = {
  id: "a1",
  type: "inspection",
  title: "Besichtigung",
  status: "pending",
  origin: "tenant",
  start_time: "2026-11-24T15:00:00.000Z",
  end_time: "2026-11-24T16:00:00.000Z",
  requested_date: "2026-11-24",
  time_slot: "evening",
  notes: null,
  location: "Büro",
  decline_reason: null,
  management_note: null,
  created_at: "2026-11-20T10:00:00.000Z",
  history: [],
  tenant: { id: "t1", name: "Anna Meyer", email: "anna@example.com", building: null, unit: null },
  assignee: null,
};

function renderForm(reschedule = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProposeForm appointment={appointment} reschedule={reschedule} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const button = (name: string) => screen.getByRole("button", { name });

describe("proposing another time", () => {
  it("asks for the date in German beside the field and sends nothing", async () => {
    const calls = stubFetch();
    const user = renderForm();
    await user.clear(screen.getByLabelText("Datum"));
    await user.click(button("Termin vorschlagen"));
    const date = screen.getByLabelText("Datum");
    await waitFor(() => expect(date).toHaveAttribute("aria-invalid", "true"));
    expect(date).toHaveAccessibleDescription("Bitte wählen Sie ein Datum.");
    expect(date).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("says beside the end when it is not after the start", async () => {
    const calls = stubFetch();
    const user = renderForm();
    await user.clear(screen.getByLabelText("Ende"));
    await user.type(screen.getByLabelText("Ende"), "08:30");
    await user.click(button("Termin vorschlagen"));
    const end = screen.getByLabelText("Ende");
    await waitFor(() => expect(end).toHaveAttribute("aria-invalid", "true"));
    expect(end).toHaveAccessibleDescription("Das Ende muss nach dem Beginn liegen.");
    expect(calls).toHaveLength(0);
  });

  it("sends the requested day's range as UTC instants with the place", async () => {
    const calls = stubFetch({ status: 200, body: appointment });
    const user = renderForm();
    expect(screen.getByLabelText("Datum")).toHaveValue("2026-11-24");
    await user.click(button("Termin vorschlagen"));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/v1/staff/appointments/a1/propose");
    expect(calls[0]!.body).toStrictEqual({
      start: "2026-11-24T08:00:00.000Z",
      end: "2026-11-24T09:00:00.000Z",
      location: "Büro",
      note_to_tenant: null,
    });
  });

  it("moving a confirmed appointment starts at its time and needs the reason", async () => {
    const calls = stubFetch({ status: 200, body: appointment });
    const user = renderForm(true);
    expect(screen.getByLabelText("Beginn")).toHaveValue("16:00");
    expect(screen.getByLabelText("Ende")).toHaveValue("17:00");
    await user.click(button("Termin verschieben"));
    const reason = screen.getByLabelText("Grund der Verschiebung");
    await waitFor(() => expect(reason).toHaveAttribute("aria-invalid", "true"));
    expect(reason).toHaveAccessibleDescription(
      "Der Mieter liest den Grund in der E-Mail und in der App. Bitte nennen Sie dem Mieter den Grund, warum der Termin verschoben wird.",
    );
    expect(calls).toHaveLength(0);

    await user.type(reason, " Handwerker krank ");
    await user.click(button("Termin verschieben"));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toStrictEqual({
      start: "2026-11-24T15:00:00.000Z",
      end: "2026-11-24T16:00:00.000Z",
      location: "Büro",
      note_to_tenant: "Handwerker krank",
    });
  });
});
