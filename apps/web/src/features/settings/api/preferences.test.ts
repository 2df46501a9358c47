import { describe, expect, it } from "vitest";
import { changeVariables } from "@/lib/changes";
import { updatePreferences } from "./preferences";

describe("updatePreferences", () => {
  it("names a queued change of the e-mail preference in the tenant's words", () => {
    expect(changeVariables(updatePreferences, { email_notifications: false })).toMatchObject({
      method: "PUT",
      url: "/api/v1/tenant/preferences",
      data: { email_notifications: false },
      invalidates: [["/api/v1/tenant/preferences"]],
      label: "E-Mail-Benachrichtigungen ausschalten",
      detail: null,
      listed: true,
    });
    expect(changeVariables(updatePreferences, { email_notifications: true }).label).toBe(
      "E-Mail-Benachrichtigungen einschalten",
    );
  });
});
