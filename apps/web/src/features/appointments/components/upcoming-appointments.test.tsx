import type { Appointment } from "@mieter-portal/contracts";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UpcomingAppointments } from "./upcoming-appointments";

// Issue 25 item 7: the dashboard card "Nächste Termine" had the defect the Termine list had — the
// status badge sat beside a short title but dropped under a long one (flex-wrap). One layout, shared
// with the list: title | badge in a two-column grid, the date line below both.

const appointment = (id: string, title: string): Appointment => ({
  id,
  type: "inspection",
  title,
  status: "confirmed",
  origin: "management",
  start_time: "2026-12-03T09:00:00.000Z",
  end_time: "2026-12-03T10:00:00.000Z",
  requested_date: null,
  time_slot: null,
  notes: null,
  location: null,
  created_at: "2026-11-20T09:00:00.000Z",
});

describe("dashboard card 'Nächste Termine'", () => {
  beforeEach(() => {
    // Which appointments are upcoming depends on today: fix it before the appointments' date.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T10:00:00.000Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lays out title, badge and date the same way for a short and a very long title", () => {
    render(
      <MemoryRouter>
        <UpcomingAppointments
          appointments={[
            appointment("a", "Ablesung"),
            appointment(
              "b",
              "Jährliche Überprüfung der Rauchwarnmelder und Wartung der Heizkörperthermostate im Wohnzimmer",
            ),
          ]}
          appointmentsPath="/appointments"
          appointmentPath={(id) => `/appointments/${id}`}
        />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId("dashboard-appointment");
    expect(rows).toHaveLength(2);
    const shapes = rows.map((row) => {
      const head = within(row).getByTestId("appointment-card-head");
      const [title, badge] = [...head.children];
      return {
        head: head.className,
        children: head.children.length,
        title: title?.className,
        badge: badge?.textContent,
        badgeNoWrap: badge?.className.includes("whitespace-nowrap"),
        dateOutsideHead: !head.contains(within(row).getByTestId("appointment-date")),
      };
    });
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[0]).toMatchObject({ children: 2, badge: "Bestätigt", badgeNoWrap: true, dateOutsideHead: true });
    expect(shapes[0]?.head).toMatch(/\bgrid\b/);
    expect(shapes[0]?.head).toContain("grid-cols-[minmax(0,1fr)_auto]");
    expect(shapes[0]?.head).not.toMatch(/flex-wrap/);
    expect(within(rows[1] as HTMLElement).getByText(/Jährliche Überprüfung/)).toBeInTheDocument();
  });
});
