import { describe, expect, it } from "vitest";
import { changeVariables } from "@/lib/changes";
import { updateAppointmentStatus } from "./update-appointment-status";

describe("updateAppointmentStatus", () => {
  it("PATCHes the appointment's status and is named after what the tenant did", () => {
    expect(changeVariables(updateAppointmentStatus, { id: "a 1", status: "confirmed" })).toMatchObject({
      method: "PATCH",
      url: "/api/v1/tenant/appointments/a%201/status",
      data: { status: "confirmed" },
      invalidates: [["/api/v1/tenant/appointments"], ["/api/v1/tenant/appointments/a%201"]],
      label: "Termin bestätigen",
    });
    expect(changeVariables(updateAppointmentStatus, { id: "a1", status: "canceled" }).label).toBe("Termin absagen");
  });
});
