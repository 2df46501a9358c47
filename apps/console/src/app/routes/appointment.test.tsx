import type { StaffAppointment, StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { Component as AppointmentRoute } from "./appointment";

const ME: StaffProfile = {
  id: "s1",
  email: "verwalter@example.com",
  name: "Vera Walter",
  role: "verwalter",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};

// Far ahead, so that the appointment has not ended whenever the test runs.
const CONFIRMED: StaffAppointment = {
  id: "a1",
  type: "repair",
  title: "Reparaturtermin",
  status: "confirmed",
  origin: "tenant",
  start_time: "2030-03-12T09:00:00.000Z",
  end_time: "2030-03-12T10:00:00.000Z",
  requested_date: "2030-03-12",
  time_slot: "morning",
  notes: null,
  location: "Keller",
  decline_reason: null,
  management_note: "Bitte den Keller aufschließen.",
  created_at: "2030-03-01T10:00:00.000Z",
  history: [
    {
      status: "pending",
      changed_at: "2030-03-01T10:00:00.000Z",
      actor_kind: "tenant",
      actor_name: "Anna Alt",
      note: null,
    },
    {
      status: "confirmed",
      changed_at: "2030-03-02T10:00:00.000Z",
      actor_kind: "staff",
      actor_name: "Vera Walter, Grünfeld Hausverwaltung",
      note: "Bitte den Keller aufschließen.",
    },
  ],
  tenant: { id: "t1", name: "Anna Alt", email: "anna@example.com", building: null, unit: null },
  assignee: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderRoute(posts: { url: string; body: unknown }[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === "POST") {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ ...CONFIRMED, status: "pending", origin: "management" });
      }
      if (url === "/api/v1/staff/appointments/a1") return Response.json(CONFIRMED);
      return Response.json([]);
    }),
  );
  render(
    <MemoryRouter initialEntries={["/termine/a1"]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={ME}>
          <Routes>
            <Route path="/termine/:id" element={<AppointmentRoute />} />
          </Routes>
        </MeContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe("a confirmed appointment in the console (issue 25 §1, §14)", () => {
  it("shows the note to the tenant and the history, and moves the appointment only with a reason", async () => {
    const posts: { url: string; body: unknown }[] = [];
    const user = userEvent.setup();
    renderRoute(posts);
    await screen.findByRole("heading", { name: "Termin ändern" });
    expect(screen.getByText("Nachricht an den Mieter")).toBeInTheDocument();
    const history = screen.getByRole("region", { name: "Verlauf" });
    expect(within(history).getByText("„Bitte den Keller aufschließen.“")).toBeInTheDocument();

    expect(screen.getByRole("tab", { name: "Absagen" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Termin verschieben" }));
    expect(
      await screen.findByText("Bitte nennen Sie dem Mieter den Grund, warum der Termin verschoben wird."),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText("Grund der Verschiebung"), "Der Handwerker ist erkrankt.");
    await user.click(screen.getByRole("button", { name: "Termin verschieben" }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: "/api/v1/staff/appointments/a1/propose",
      body: {
        // The current time (10:00–11:00 Berlin) is the starting point.
        start: "2030-03-12T09:00:00.000Z",
        end: "2030-03-12T10:00:00.000Z",
        location: "Keller",
        note_to_tenant: "Der Handwerker ist erkrankt.",
      },
    });
  });

  it("calls a confirmed appointment off with a reason", async () => {
    const posts: { url: string; body: unknown }[] = [];
    const user = userEvent.setup();
    renderRoute(posts);
    await user.click(await screen.findByRole("tab", { name: "Absagen" }));
    await user.type(screen.getByLabelText("Grund"), "Die Reparatur hat sich erledigt.");
    await user.click(screen.getByRole("button", { name: "Termin absagen" }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: "/api/v1/staff/appointments/a1/decline",
      body: { reason: "Die Reparatur hat sich erledigt." },
    });
  });
});
