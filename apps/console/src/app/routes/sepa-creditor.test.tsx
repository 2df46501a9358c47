import type { StaffProfile, StaffRole } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { creditor } from "@/features/sepa/test-data";
import { MeContext } from "@/lib/me";
import { routeFetch } from "@/test/route-fetch";
import { Component as CreditorRoute } from "./sepa-creditor";

const me = (role: StaffRole): StaffProfile => ({
  id: "s1",
  email: "staff@example.com",
  name: "Petra Admin",
  role,
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
});

function renderRoute(role: StaffRole, settings: typeof creditor | null) {
  routeFetch({ "GET /staff/sepa/creditor": [{ status: 200, body: { settings } }] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MeContext.Provider value={me(role)}>
          <CreditorRoute />
        </MeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Lastschrift → Gläubigerdaten", () => {
  it("lets an Administrator change them", async () => {
    renderRoute("administrator", creditor);
    expect(await screen.findByLabelText("Gläubiger-Identifikationsnummer")).toHaveValue("DE98ZZZ09999999999");
    expect(screen.getByRole("button", { name: "Gläubigerdaten speichern" })).toBeInTheDocument();
  });

  it("shows a Verwalter what his runs carry, without a form", async () => {
    renderRoute("verwalter", creditor);
    expect(await screen.findByText("DE98ZZZ09999999999")).toBeInTheDocument();
    expect(screen.getByText("DE89 3704 0044 0532 0130 00")).toBeInTheDocument();
    expect(screen.getByText("Ändern können sie nur Administratoren.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("tells a Verwalter when there are none yet", async () => {
    renderRoute("verwalter", null);
    expect(
      await screen.findByText("Noch keine Gläubigerdaten. Ein Administrator trägt sie hier ein."),
    ).toBeInTheDocument();
  });

  it("is refused to a Hausmeister", () => {
    renderRoute("hausmeister", null);
    expect(screen.getByRole("heading", { name: "Kein Zugriff" })).toBeInTheDocument();
  });
});
