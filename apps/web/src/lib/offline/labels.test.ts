import { describe, expect, it } from "vitest";
import { describeChange } from "./labels";

describe("describeChange", () => {
  it("names a queued change of the e-mail preference in the tenant's words", () => {
    expect(describeChange("PUT", "/api/v1/tenant/preferences", { email_notifications: false }, "json")).toEqual({
      label: "E-Mail-Benachrichtigungen ausschalten",
      detail: null,
      listed: true,
    });
    expect(describeChange("PUT", "/api/v1/tenant/preferences", { email_notifications: true }, "json").label).toBe(
      "E-Mail-Benachrichtigungen einschalten",
    );
  });
});
