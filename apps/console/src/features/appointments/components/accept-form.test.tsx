import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { AcceptForm } from "./accept-form";

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
  return render(
    <QueryClientProvider client={client}>
      <AcceptForm appointment={appointment} />
    </QueryClientProvider>,
  );
}

describe("accepting a tenant's request", () => {
  it("offers only times inside the evening slot and sends the chosen one as UTC instants", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ status: 200, body: { ...appointment, status: "confirmed" } });
    renderForm();
    expect(screen.getByText(/Dienstag, 24\. November 2026/)).toBeInTheDocument();
    const start = screen.getByLabelText("Beginn");
    const options = Array.from((start as HTMLSelectElement).options).map((o) => o.value);
    expect(options[0]).toBe("16:00");
    expect(options.at(-1)).toBe("17:00");
    // A longer appointment moves the start back so that it still ends by 18:00.
    await user.selectOptions(start, "17:00");
    await user.selectOptions(screen.getByLabelText("Dauer"), "90");
    expect(start).toHaveValue("16:30");
    await user.click(screen.getByRole("button", { name: "Termin bestätigen" }));
    await screen.findByRole("button", { name: "Termin bestätigen" });
    expect(calls[0]!.url).toBe("/api/v1/staff/appointments/a1/accept");
    expect(calls[0]!.body).toEqual({
      start: "2026-11-24T15:30:00.000Z",
      end: "2026-11-24T17:00:00.000Z",
      location: null,
      note_to_tenant: null,
    });
  });

  it("says beside the field what is too long and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.click(screen.getByLabelText("Ort (optional)"));
    await user.paste("x".repeat(201));
    await user.click(screen.getByRole("button", { name: "Termin bestätigen" }));
    const place = screen.getByLabelText("Ort (optional)");
    await waitFor(() => expect(place).toHaveAttribute("aria-invalid", "true"));
    expect(place).toHaveAccessibleDescription("Der Ort darf höchstens 200 Zeichen lang sein.");
    expect(place).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("sends the place and the message trimmed, empty ones as null", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ status: 200, body: { ...appointment, status: "confirmed" } });
    renderForm();
    await user.type(screen.getByLabelText("Ort (optional)"), "  Büro  ");
    await user.type(screen.getByLabelText("Nachricht an den Mieter (optional)"), "   ");
    await user.click(screen.getByRole("button", { name: "Termin bestätigen" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      start: "2026-11-24T15:00:00.000Z",
      end: "2026-11-24T16:00:00.000Z",
      location: "Büro",
      note_to_tenant: null,
    });
  });

  it("puts the server's field message beside the field", async () => {
    const user = userEvent.setup();
    stubFetch({
      status: 400,
      body: {
        error: "validation_error",
        message: "Bitte prüfen Sie die markierten Felder.",
        fields: { start: "Zu dieser Zeit ist schon ein Termin bestätigt." },
      },
    });
    renderForm();
    await user.click(screen.getByRole("button", { name: "Termin bestätigen" }));
    const start = screen.getByLabelText("Beginn");
    await waitFor(() => expect(start).toHaveAttribute("aria-invalid", "true"));
    expect(start).toHaveAccessibleDescription("Zu dieser Zeit ist schon ein Termin bestätigt.");
  });

  it("shows the server's German message when it refuses", async () => {
    const user = userEvent.setup();
    stubFetch({
      status: 409,
      body: { error: "appointment_conflict", message: "Der Termin wurde bereits beantwortet." },
    });
    renderForm();
    await user.click(screen.getByRole("button", { name: "Termin bestätigen" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Der Termin wurde bereits beantwortet.");
  });
});
