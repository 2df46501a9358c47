import type { StaffProfile, StaffTenantSummary } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { Component as TenantsRoute } from "./tenants";

const ME: StaffProfile = {
  id: "s1",
  email: "verwalter@example.com",
  name: "Vera Walter",
  role: "verwalter",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};

const tenant = (id: string, name: string, email: string, status: StaffTenantSummary["invitation_status"]) => ({
  id,
  name,
  email,
  building: { id: "b1", name: "Lindenstraße 5" },
  address: "Lindenstraße 5, 10969 Berlin",
  unit: null,
  tenancy_active: true,
  invitation_status: status,
});

const TENANTS = [
  tenant("t1", "Ayşe Yılmaz", "", "not_invited"),
  tenant("t2", "Emil Mail", "emil@example.com", "not_invited"),
  tenant("t3", "王小明", "", "expired"),
  tenant("t4", "Aktiv Alt", "aktiv@example.com", "active"),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the tenants list: letters for the selected tenants without e-mail (issue 24 item 6)", () => {
  it("selects every tenant without access, mails those with an address and prints one PDF for the others", async () => {
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === "POST") {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return new Response(new Blob(["%PDF-1.7"], { type: "application/pdf" }), { status: 200 });
        }
        if (url.startsWith("/api/v1/staff/tenants")) return Response.json({ items: TENANTS, next_cursor: null });
        return Response.json([]);
      }),
    );
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:pdf", revokeObjectURL: () => {} }));
    const downloads = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MeContext.Provider value={ME}>
            <TenantsRoute />
          </MeContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const selectAll = await screen.findByLabelText("Alle ohne Zugang auswählen (3)");
    // jsdom does not know HTML's <search> element yet: React warns about it once, at the first render.
    const errors = vi.mocked(console.error);
    for (const args of errors.mock.calls) expect(args.join(" ")).toMatch(/unrecognized.*search/s);
    errors.mockClear();
    await user.click(selectAll);
    expect(screen.queryByLabelText("Aktiv Alt auswählen")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "1 Einladung senden" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "2 Briefe drucken" }));
    expect(await screen.findByRole("button", { name: "Briefe drucken" })).toBeDisabled();
    expect(posts).toEqual([{ url: "/api/v1/staff/tenants/invitation-letters", body: { tenant_ids: ["t1", "t3"] } }]);
    expect(downloads).toHaveBeenCalledTimes(1);
    // The mail stays selected for its own button.
    expect(screen.getByRole("button", { name: "1 Einladung senden" })).toBeEnabled();
  });
});
