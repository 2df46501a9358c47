import type { StaffRepair } from "@mieter-portal/contracts/staff";
import { Toaster } from "@mieter-portal/ui/toaster";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { StatusChangeForm } from "./status-change-form";

// Issue 25 item 9: the console said "Der Mieter wurde per E-Mail benachrichtigt." although the tenant
// had e-mail turned off and no mail went out. The toast says what really happened.

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
  tenant: { id: "x1", name: "Anna Schneider", email: "anna@example.com", building: null, unit: "3. OG links" },
  common_area: null,
  assignee: null,
  photos: [],
  history: [],
  internal_notes: [],
  source_thread: null,
};

async function confirmWith(tenantEmailed: boolean) {
  const calls = stubFetch({ status: 200, body: { ...repair, status: "confirmed", tenant_emailed: tenantEmailed } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StatusChangeForm repair={repair} />
      <Toaster />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText("Neuer Status"), "confirmed");
  await user.click(screen.getByRole("button", { name: "Status ändern" }));
  await screen.findByText("Status gespeichert");
  return calls;
}

describe("repair status change: what the tenant was told (issue 25 item 9)", () => {
  it("says the tenant sees it in the portal and was not mailed when they turned e-mail off", async () => {
    const calls = await confirmWith(false);
    expect(calls[0]!.url).toContain("/staff/repairs/r1/status");
    expect(
      screen.getByText("Der Mieter sieht den neuen Status im Portal; E-Mail hat er abbestellt."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/per E-Mail benachrichtigt/)).toBeNull();
  });

  it("says the tenant was mailed when a mail went out", async () => {
    await confirmWith(true);
    expect(screen.getByText("Der Mieter wurde per E-Mail benachrichtigt.")).toBeInTheDocument();
    expect(screen.queryByText(/abbestellt/)).toBeNull();
  });
});
