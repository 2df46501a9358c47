import type { AuditEntry, StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { Component as AuditRoute } from "./audit";

const ADMIN: StaffProfile = {
  id: "s1",
  email: "admin@example.com",
  name: "Ada Admin",
  role: "administrator",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};

// What the server sends for an assignment (issue 25 item 17): the sentence's parts and German changes.
const ASSIGNED: AuditEntry = {
  id: "e1",
  at: "2026-11-27T09:15:00.000Z",
  staff: { id: "s1", name: "Ada Admin" },
  action: "repair.assigned",
  action_label: "hat eine Reparatur zugewiesen",
  entity_type: "repair",
  entity_id: "r1",
  item: { kind: "repair", id: "r1", label: "Sanitär – Küche" },
  tenant: { id: "t1", name: "Anna Ahorn" },
  changes: [{ field: "Zuständig", before: null, after: "Vera Walter" }],
  before: { assignee_id: null },
  after: { assignee_id: "8a0f1c2e-0000-4000-8000-000000000001" },
  ip: "127.0.0.1",
};
const RENT: AuditEntry = {
  ...ASSIGNED,
  id: "e2",
  action: "ledger.rent_changed",
  action_label: "hat die Miete geändert",
  entity_type: "tenancy",
  entity_id: "y1",
  item: { kind: "tenancy", id: "y1", label: "Ahornweg 3, Whg. 2" },
  changes: [{ field: "Kaltmiete", before: "550,00 €", after: "575,00 €" }],
  before: { base_rent_cents: 55000 },
  after: { base_rent_cents: 57500 },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAudit() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.startsWith("/api/v1/staff/audit")
        ? Response.json({ items: [ASSIGNED, RENT], next_cursor: null })
        : Response.json([]),
    ),
  );
  render(
    <MemoryRouter initialEntries={["/protokoll"]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={ADMIN}>
          <Routes>
            <Route path="/protokoll" element={<AuditRoute />} />
          </Routes>
        </MeContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe("Protokoll (issue 25 item 17)", () => {
  it("reads each entry as a German sentence with links to the item and the tenant", async () => {
    renderAudit();
    const [assigned, rent] = await screen.findAllByRole("listitem");
    if (!assigned || !rent) throw new Error("two entries expected");
    expect(assigned).toHaveTextContent(
      "Ada Admin hat eine Reparatur zugewiesen: Sanitär – Küche (Mieter: Anna Ahorn).",
    );
    expect(within(assigned).getByRole("link", { name: "Sanitär – Küche" })).toHaveAttribute("href", "/reparaturen/r1");
    expect(within(assigned).getByRole("link", { name: "Anna Ahorn" })).toHaveAttribute("href", "/mieter/t1");
    expect(within(rent).getByRole("link", { name: "Ahornweg 3, Whg. 2" })).toHaveAttribute(
      "href",
      "/finanzen/konten/y1",
    );
    expect(assigned).not.toHaveTextContent("repair.assigned");
  });

  it("shows Vorher/nachher as German fields with euros, no ids, cents or JSON", async () => {
    const user = userEvent.setup();
    renderAudit();
    const [assigned, rent] = await screen.findAllByRole("listitem");
    if (!assigned || !rent) throw new Error("two entries expected");
    await user.click(within(rent).getByText("Vorher / nachher"));
    const row = within(rent).getByRole("row", { name: /Kaltmiete/ });
    expect(row).toHaveTextContent("Kaltmiete550,00 €575,00 €");
    await user.click(within(assigned).getByText("Vorher / nachher"));
    expect(within(assigned).getByRole("row", { name: /Zuständig/ })).toHaveTextContent("Zuständig–Vera Walter");
    for (const entry of [assigned, rent]) {
      expect(entry).not.toHaveTextContent(/assignee_id|base_rent_cents|55000|8a0f1c2e|[{}]/);
    }
  });
});
