import type { StaffRepair } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { StatusChangeForm } from "./status-change-form";

const repair: StaffRepair = {
  id: "r1",
  type: "plumbing",
  location: "bathroom",
  description: "Der Abfluss ist verstopft.",
  urgency: "medium",
  status: "reported",
  reported_at: "2026-11-20T09:00:00Z",
  planned_date: null,
  planned_window: null,
  completed_at: null,
  due_at: null,
  tenant: null,
  common_area: { building: { id: "b1", name: "Lindenstraße 5" } },
  assignee: null,
  photos: [],
  history: [],
  internal_notes: [],
  source_thread: null,
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StatusChangeForm repair={repair} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("repair status change", () => {
  it("asks for the new status and sends nothing without one", async () => {
    const calls = stubFetch();
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Status ändern" }));
    const status = screen.getByLabelText("Neuer Status");
    await waitFor(() => expect(status).toHaveAttribute("aria-invalid", "true"));
    expect(status).toHaveAccessibleDescription("Bitte wählen Sie den neuen Status.");
    expect(calls).toHaveLength(0);
  });

  it("asks for the planned date when scheduling and for a reason when canceling", async () => {
    const calls = stubFetch();
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText("Neuer Status"), "scheduled");
    await user.click(screen.getByRole("button", { name: "Status ändern" }));
    const date = await screen.findByLabelText("Geplantes Datum");
    await waitFor(() => expect(date).toHaveAttribute("aria-invalid", "true"));
    expect(date).toHaveAccessibleDescription("Bitte geben Sie ein geplantes Datum an.");

    await user.selectOptions(screen.getByLabelText("Neuer Status"), "canceled");
    await user.click(screen.getByRole("button", { name: "Reparatur stornieren" }));
    const reason = await screen.findByLabelText("Grund der Stornierung");
    await waitFor(() => expect(reason).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("Bitte geben Sie einen Grund für die Stornierung an.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends only the fields of the chosen status", async () => {
    const calls = stubFetch({
      status: 200,
      body: { ...repair, status: "scheduled", planned_date: "2030-01-15", tenant_emailed: false },
    });
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText("Neuer Status"), "scheduled");
    await user.type(await screen.findByLabelText("Geplantes Datum"), "2030-01-15");
    await user.type(screen.getByLabelText("Zeitfenster (optional)"), "8–12 Uhr");
    await user.click(screen.getByRole("button", { name: "Status ändern" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toContain("/staff/repairs/r1/status");
    expect(calls[0]!.body).toStrictEqual({
      status: "scheduled",
      planned_date: "2030-01-15",
      planned_window: "8–12 Uhr",
      note_to_tenant: null,
      reason: null,
    });
  });
});
