import type { Appointment } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { upcomingAppointments } from "./upcoming";

const NOW = new Date("2026-06-10T12:00:00Z");

function appointment(id: string, status: Appointment["status"], start: string): Appointment {
  return {
    id,
    type: "other",
    title: id,
    status,
    origin: "management",
    start_time: start,
    end_time: start.replace("T09", "T10"),
    requested_date: null,
    time_slot: null,
    notes: null,
    location: null,
    created_at: "2026-06-01T09:00:00Z",
  };
}

describe("upcomingAppointments (dashboard, notifications panel and bell)", () => {
  it("keeps appointments that start in the future and still take place, soonest first", () => {
    const list = [
      appointment("later", "confirmed", "2026-06-20T09:00:00Z"),
      appointment("canceled", "canceled", "2026-06-11T09:00:00Z"),
      appointment("past", "confirmed", "2026-06-09T09:00:00Z"),
      appointment("soon", "pending", "2026-06-12T09:00:00Z"),
    ];
    expect(upcomingAppointments(list, NOW, 5).map((a) => a.id)).toEqual(["soon", "later"]);
  });

  it("counts no canceled appointment, so the bell stays quiet for them", () => {
    const list = [
      appointment("a", "canceled", "2026-06-11T09:00:00Z"),
      appointment("b", "canceled", "2026-06-12T09:00:00Z"),
    ];
    expect(upcomingAppointments(list, NOW, 5)).toHaveLength(0);
  });
});
