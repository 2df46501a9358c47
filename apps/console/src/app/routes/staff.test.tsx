import type { StaffMember, StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { Component as StaffRoute } from "./staff";

const ME: StaffProfile = {
  id: "s1",
  email: "ada@example.com",
  name: "Ada Admin",
  role: "administrator",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};
const member = (over: Partial<StaffMember>): StaffMember => ({
  id: "x",
  email: "x@example.com",
  name: "X",
  role: "verwalter",
  active: true,
  buildings: [],
  totp_enabled: false,
  status: "active",
  created_at: "2026-01-01T10:00:00.000Z",
  ...over,
});
const MEMBERS = [
  member({ id: "s1", name: "Ada Admin", role: "administrator", totp_enabled: true }),
  member({ id: "s2", name: "Bea Berg", role: "administrator", totp_enabled: true }),
  member({ id: "s3", name: "Vera Walter", role: "verwalter", totp_enabled: false }),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Mitarbeiter: Zweiten Faktor zurücksetzen (issue 25 item 22)", () => {
  it("offers it for a colleague with a second factor, not for oneself, and asks before it resets", async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === "POST") {
          posts.push(url);
          return Response.json({ ...MEMBERS[1], totp_enabled: false });
        }
        return Response.json(url === "/api/v1/staff/users" ? MEMBERS : []);
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MeContext.Provider value={ME}>
            <StaffRoute />
          </MeContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await screen.findByText("Bea Berg");
    expect(screen.getAllByRole("button", { name: /^Zweiten Faktor von .* zurücksetzen$/ })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Zweiten Faktor von Bea Berg zurücksetzen" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Zweiten Faktor von Bea Berg zurücksetzen?" });
    expect(dialog).toHaveTextContent("richtet den zweiten Faktor bei der nächsten Anmeldung neu ein.");
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Zurücksetzen" }));
    await vi.waitFor(() => expect(posts).toEqual(["/api/v1/staff/users/s2/totp-reset"]));
  });
});
