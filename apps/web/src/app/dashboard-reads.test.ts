import { describe, expect, it } from "vitest";
import {
  getAppointmentsQueryOptions,
  getUpcomingAppointmentsQueryOptions,
} from "@/features/appointments/api/get-appointments";
import { getLatestMessagesQueryOptions, getMessagesQueryOptions } from "@/features/messages/api/get-messages";
import { pathFromQueryKey } from "@/lib/api/urls";

// Issue 10 §6: the dashboard's reads stay small however long the tenant's lists are.
describe("the dashboard's and notifications' reads", () => {
  it("ask for the 2 newest messages the tenant received and the next 5 appointments only", () => {
    // Issue 12: the management's messages, not the tenant's own (filter=all would show those).
    expect(pathFromQueryKey(getLatestMessagesQueryOptions().queryKey)).toBe(
      "/api/v1/tenant/messages?filter=received&limit=2",
    );
    expect(pathFromQueryKey(getUpcomingAppointmentsQueryOptions().queryKey)).toBe(
      "/api/v1/tenant/appointments?upcoming=true&limit=5",
    );
    expect(pathFromQueryKey(getLatestMessagesQueryOptions("unread", 10).queryKey)).toBe(
      "/api/v1/tenant/messages?filter=unread&limit=10",
    );
  });

  it("do not share a cache entry with the screens' paged lists (different shapes)", () => {
    expect(getLatestMessagesQueryOptions("all").queryKey).not.toEqual(getMessagesQueryOptions("all").queryKey);
    expect(getLatestMessagesQueryOptions().queryKey).not.toEqual(getLatestMessagesQueryOptions("all").queryKey);
    expect(getUpcomingAppointmentsQueryOptions().queryKey).not.toEqual(getAppointmentsQueryOptions().queryKey);
  });
});
