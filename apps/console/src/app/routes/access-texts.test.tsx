import type { StaffProfile, StaffRole, StaffTenantDetail } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequireCapability } from "@/components/require-capability";
import { MeContext } from "@/lib/me";
import { Component as InboxRoute } from "./inbox";
import { Component as RepairRoute } from "./repair";
import { Component as TenantRoute } from "./tenant";

const me = (role: StaffRole): StaffProfile => ({
  id: "s1",
  email: "staff@example.com",
  name: "Hans Meister",
  role,
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
});

// What the server sends a Hausmeister: the tenancy (with its rent) left out, the address kept.
const FOR_HAUSMEISTER: StaffTenantDetail = {
  tenant: {
    id: "t1",
    name: "Anna Alt",
    email: "anna@example.com",
    building: { id: "b1", name: "Lindenstraße 4" },
    address: "Lindenstraße 4, 10115 Berlin",
    unit: "2 links",
    tenancy_active: true,
    invitation_status: "active",
  },
  invitation: { status: "active", channel: "email", sent_at: null, expires_at: null },
  contact: { first_name: "Anna", last_name: "Alt", email: "anna@example.com" },
  tenancy: null,
  open_repairs: [],
  past_repairs: [],
  threads: [],
  appointments: [],
  documents: null,
  meter_readings: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(routes: Record<string, { status: number; body: unknown }>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const found = routes[url] ?? { status: 200, body: [] };
      return Response.json(found.body, { status: found.status });
    }),
  );
}

function renderAt(role: StaffRole, entry: string, path: string, element: ReactNode) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={me(role)}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </MeContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe("honest access texts (issue 25 item 18)", () => {
  it("sends a Dienstleister to the crew's app instead of an Eingang the server refuses them (issue 27)", async () => {
    const asked = vi.fn(async () => Response.json({}, { status: 403 }));
    vi.stubGlobal("fetch", asked);
    renderAt("dienstleister", "/", "/", <InboxRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: "Einsätze" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zur App „Einsätze“" })).toHaveAttribute("href", "/einsatz/");
    expect(asked).not.toHaveBeenCalled();
  });

  it("tells the Hausmeister that a tenancy exists but is not his to read", async () => {
    answer({ "/api/v1/staff/tenants/t1": { status: 200, body: FOR_HAUSMEISTER } });
    renderAt("hausmeister", "/mieter/t1", "/mieter/:id", <TenantRoute />);
    const section = await screen.findByRole("region", { name: "Mietverhältnis" });
    expect(section).toHaveTextContent(
      "Ein Mietverhältnis besteht (Lindenstraße 4, Whg. 2 links). Beginn, Ende und Miete sehen nur Verwalter und Administratoren.",
    );
    expect(section).not.toHaveTextContent("Kein Mietverhältnis hinterlegt.");
  });

  it("still says there is none when the tenant has no tenancy at all", async () => {
    answer({
      "/api/v1/staff/tenants/t1": {
        status: 200,
        body: {
          ...FOR_HAUSMEISTER,
          tenant: { ...FOR_HAUSMEISTER.tenant, building: null, address: null, unit: null, tenancy_active: false },
        },
      },
    });
    renderAt("hausmeister", "/mieter/t1", "/mieter/:id", <TenantRoute />);
    const section = await screen.findByRole("region", { name: "Mietverhältnis" });
    expect(section).toHaveTextContent("Kein Mietverhältnis hinterlegt.");
  });

  it("names Verwalter and Administratoren as those who may open Dokumente", () => {
    renderAt(
      "hausmeister",
      "/dokumente",
      "/dokumente",
      <RequireCapability capability="documents">
        <p>Dokumente</p>
      </RequireCapability>,
    );
    expect(screen.getByText("Dieser Bereich ist Verwaltern und Administratoren vorbehalten.")).toBeVisible();
  });

  it("keeps Mitarbeitende to Administratoren", () => {
    renderAt(
      "verwalter",
      "/mitarbeitende",
      "/mitarbeitende",
      <RequireCapability capability="manage_staff">
        <p>Mitarbeitende</p>
      </RequireCapability>,
    );
    expect(screen.getByText("Dieser Bereich ist Administratoren vorbehalten.")).toBeVisible();
  });

  it("offers no 'Erneut versuchen' for an item that does not exist", async () => {
    answer({
      "/api/v1/staff/repairs/r404": {
        status: 404,
        body: { error: "not_found", message: "Nicht gefunden." },
      },
    });
    renderAt("verwalter", "/reparaturen/r404", "/reparaturen/:id", <RepairRoute />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Nicht gefunden.");
    expect(screen.queryByRole("button", { name: "Erneut versuchen" })).toBeNull();
  });

  it("still offers 'Erneut versuchen' when the server failed", async () => {
    answer({
      "/api/v1/staff/repairs/r1": {
        status: 503,
        body: { error: "unavailable", message: "Der Dienst ist gerade nicht erreichbar." },
      },
    });
    renderAt("verwalter", "/reparaturen/r1", "/reparaturen/:id", <RepairRoute />);
    expect(await screen.findByRole("button", { name: "Erneut versuchen" })).toBeVisible();
  });
});
