import type { Appointment } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { availableActions, groupAppointments } from "./grouping";

const NOW = new Date("2025-06-10T12:00:00Z");

function appointment(
  id: string,
  status: Appointment["status"],
  start: string,
  end: string,
  origin: Appointment["origin"] = "management",
): Appointment {
  return {
    id,
    type: "other",
    title: id,
    status,
    origin,
    start_time: start,
    end_time: end,
    requested_date: null,
    time_slot: null,
    notes: null,
    location: null,
    created_at: "2025-06-01T08:00:00Z",
  };
}

describe("groupAppointments", () => {
  it("puts open future ones first (soonest first) and past, completed and canceled ones after (newest first)", () => {
    const list = [
      appointment("later", "confirmed", "2025-06-20T08:00:00Z", "2025-06-20T10:00:00Z"),
      appointment("soon", "pending", "2025-06-11T08:00:00Z", "2025-06-11T10:00:00Z"),
      appointment("running", "confirmed", "2025-06-10T11:00:00Z", "2025-06-10T13:00:00Z"),
      appointment("old", "completed", "2025-01-10T08:00:00Z", "2025-01-10T09:00:00Z"),
      appointment("recent", "completed", "2025-05-10T08:00:00Z", "2025-05-10T09:00:00Z"),
      appointment("canceled-future", "canceled", "2025-06-15T08:00:00Z", "2025-06-15T09:00:00Z"),
      appointment("pending-missed", "pending", "2025-06-01T08:00:00Z", "2025-06-01T09:00:00Z"),
    ];
    const { upcoming, past } = groupAppointments(list, NOW);
    expect(upcoming.map((a) => a.id)).toEqual(["running", "soon", "later"]);
    expect(past.map((a) => a.id)).toEqual(["canceled-future", "pending-missed", "recent", "old"]);
  });

  it("gives two empty lists for none", () => {
    expect(groupAppointments([], NOW)).toEqual({ upcoming: [], past: [] });
  });
});

describe("availableActions", () => {
  const future = ["2025-06-11T08:00:00Z", "2025-06-11T10:00:00Z"] as const;
  const past = ["2025-06-09T08:00:00Z", "2025-06-09T10:00:00Z"] as const;

  it("lets a pending proposal of the management be confirmed or moved", () => {
    expect(availableActions(appointment("a", "pending", ...future), NOW)).toEqual({
      confirm: true,
      reschedule: true,
      cancel: false,
      awaitingManagement: false,
    });
  });

  it("never lets the tenant confirm their own request: it waits for the management, may be moved or canceled", () => {
    expect(availableActions(appointment("a", "pending", ...future, "tenant"), NOW)).toEqual({
      confirm: false,
      reschedule: true,
      cancel: true,
      awaitingManagement: true,
    });
  });

  it("lets a confirmed future appointment only be canceled, whoever asked for it", () => {
    for (const origin of ["tenant", "management"] as const) {
      expect(availableActions(appointment("a", "confirmed", ...future, origin), NOW)).toEqual({
        confirm: false,
        reschedule: false,
        cancel: true,
        awaitingManagement: false,
      });
    }
  });

  it("offers nothing for ended, canceled or completed ones", () => {
    const none = { confirm: false, reschedule: false, cancel: false, awaitingManagement: false };
    expect(availableActions(appointment("a", "pending", ...past, "tenant"), NOW)).toEqual(none);
    expect(availableActions(appointment("a", "pending", ...past), NOW)).toEqual(none);
    expect(availableActions(appointment("a", "confirmed", ...past), NOW)).toEqual(none);
    expect(availableActions(appointment("a", "canceled", ...future), NOW)).toEqual(none);
    expect(availableActions(appointment("a", "completed", ...future), NOW)).toEqual(none);
  });
});
