import type { Appointment, MessageSummary } from "@mieter-portal/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { upcomingAppointmentsQueryKey } from "@/features/appointments/api/get-appointments";
import { latestMessagesQueryKey } from "@/features/messages/api/get-messages";
import * as format from "@/lib/format";
import { NotificationsButton } from "./notifications-button";

// The real formatting functions, watched: the test counts their calls, nothing else changes.
vi.mock("@/lib/format", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/format")>();
  return { ...actual, formatDate: vi.fn(actual.formatDate), formatRelativeDate: vi.fn(actual.formatRelativeDate) };
});

const unread: MessageSummary[] = [1, 2].map((n) => ({
  id: `thread-${n}`,
  subject: `Betreff ${n}`,
  sender_name: "Hausverwaltung",
  content: `Nachricht ${n}`,
  received_at: new Date(Date.now() - n * 3_600_000).toISOString(),
  unread: true,
  unread_count: 1,
  message_count: 1,
}));
const start = new Date(Date.now() + 3 * 86_400_000);
const appointment = {
  id: "appointment-1",
  type: "inspection",
  title: "Rauchmelderwartung",
  status: "confirmed",
  start_time: start.toISOString(),
  end_time: new Date(start.getTime() + 3_600_000).toISOString(),
} as Appointment;

beforeEach(() => {
  vi.mocked(format.formatDate).mockClear();
  vi.mocked(format.formatRelativeDate).mockClear();
  // Every read the button might send again answers with what the cache already holds.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      Response.json(String(input).includes("appointments") ? [appointment] : unread),
    ),
  );
});

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(latestMessagesQueryKey("unread", 10), unread);
  client.setQueryData(upcomingAppointmentsQueryKey, [appointment]);
  const router = createMemoryRouter([{ path: "/", Component: NotificationsButton }]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the notifications button (issue 13: nothing formatted for a closed panel)", () => {
  it("counts without formatting a date while closed, and shows the formatted items when opened", async () => {
    renderButton();
    const button = await screen.findByRole("button", { name: "Benachrichtigungen (3 neu)" });
    expect(format.formatRelativeDate).not.toHaveBeenCalled();
    expect(format.formatDate).not.toHaveBeenCalled();

    await userEvent.click(button);
    const panel = await screen.findByRole("dialog", { name: "Benachrichtigungen" });
    expect(within(panel).getByText("Betreff 1")).toBeInTheDocument();
    expect(within(panel).getByText("Rauchmelderwartung")).toBeInTheDocument();
    expect(
      within(panel).getByText(`${format.formatDate(appointment.start_time)},`, { exact: false }),
    ).toBeInTheDocument();
    expect(format.formatRelativeDate).toHaveBeenCalledTimes(2);
  });
});
