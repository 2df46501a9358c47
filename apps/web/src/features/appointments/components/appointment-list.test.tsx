import type { Appointment } from "@mieter-portal/contracts";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppointmentLists } from "./appointment-list";

// Issue 25 item 7: the badge sat beside a short title but dropped under a long one (flex-wrap),
// so the cards of one list had two layouts. One layout: title | badge, then type, then date.

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

describe("appointment cards", () => {
  it("lay out title, badge and date the same way for a short and a very long title", () => {
    render(
      <MemoryRouter>
        <AppointmentLists
          upcoming={[
            appointment("a", "Ablesung"),
            appointment(
              "b",
              "Jährliche Überprüfung der Rauchwarnmelder und Wartung der Heizkörperthermostate im Wohnzimmer",
            ),
          ]}
          past={[]}
          appointmentPath={(id) => `/appointments/${id}`}
        />
      </MemoryRouter>,
    );
    const cards = screen.getAllByTestId("appointment-card");
    expect(cards).toHaveLength(2);
    const shapes = cards.map((card) => {
      const head = within(card).getByTestId("appointment-card-head");
      const [title, badge] = [...head.children];
      return {
        head: head.className,
        children: head.children.length,
        title: title?.className,
        badge: badge?.textContent,
        badgeNoWrap: badge?.className.includes("whitespace-nowrap"),
        // The date line is its own row under the head, never beside the badge.
        dateOutsideHead: !head.contains(within(card).getByTestId("appointment-date")),
      };
    });
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[0]).toMatchObject({ children: 2, badge: "Bestätigt", badgeNoWrap: true, dateOutsideHead: true });
    // A two-column grid: the title's column shrinks and wraps, the badge's column keeps its width.
    expect(shapes[0]?.head).toMatch(/\bgrid\b/);
    expect(shapes[0]?.head).toContain("grid-cols-[minmax(0,1fr)_auto]");
    expect(shapes[0]?.head).not.toMatch(/flex-wrap/);
  });
});
