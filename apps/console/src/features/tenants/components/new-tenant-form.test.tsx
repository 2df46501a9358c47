import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type Call, stubFetch } from "@/test/fetch";
import { NewTenantForm } from "./new-tenant-form";

const BUILDING = {
  id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
  name: "Lindenstraße 5",
  address: "Lindenstraße 5, 10969 Berlin",
  tenant_count: 4,
};

beforeEach(() => {
  // The invitation switch (Radix) measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NewTenantForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === "POST");

describe("new tenant form", () => {
  it("marks every empty required field with its German message at once and sends nothing", async () => {
    const calls = stubFetch({ status: 200, body: [BUILDING] });
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Mieter anlegen" }));
    const first = screen.getByLabelText("Vorname");
    await waitFor(() => expect(first).toHaveAttribute("aria-invalid", "true"));
    expect(first).toHaveFocus();
    for (const label of ["Nachname", "Gebäude", "Beginn", "Kaltmiete (€)", "Nebenkosten (€)"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    }
    expect(screen.getByLabelText("Kaltmiete (€)")).toHaveAccessibleDescription(
      "Bitte die Kaltmiete in Euro angeben (z. B. 612,50).",
    );
    expect(screen.getByLabelText("Gebäude")).toHaveAccessibleDescription("Bitte wählen Sie ein Gebäude.");
    // Optional fields left empty are fine.
    for (const label of ["E-Mail-Adresse", "Wohnung", "Erster Monat mit Miete", "Saldovortrag (€)"]) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute("aria-invalid");
    }
    expect(posts(calls)).toHaveLength(0);
  });

  it("refuses an amount that is none and a due day out of range", async () => {
    const calls = stubFetch({ status: 200, body: [BUILDING] });
    const user = renderForm();
    await user.type(screen.getByLabelText("Kaltmiete (€)"), "viel");
    await user.clear(screen.getByLabelText("Fälligkeitstag"));
    await user.type(screen.getByLabelText("Fälligkeitstag"), "32");
    await user.type(screen.getByLabelText("Saldovortrag (€)"), "12x");
    await user.click(screen.getByRole("button", { name: "Mieter anlegen" }));
    expect(await screen.findByText("Der Fälligkeitstag muss eine Zahl von 1 bis 31 sein.")).toBeInTheDocument();
    expect(screen.getByText("Bitte die Kaltmiete in Euro angeben (z. B. 612,50).")).toBeInTheDocument();
    expect(
      screen.getByText("Bitte den Saldovortrag in Euro angeben (Rückstand 120,00, Guthaben -50,00)."),
    ).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it("sends the parsed request: euros as numbers, the German month, no invitation without an address", async () => {
    const calls = stubFetch(
      { status: 200, body: [BUILDING] },
      {
        status: 201,
        body: { id: "t9", invitation: { status: "not_invited", channel: null, sent_at: null, expires_at: null } },
      },
    );
    const user = renderForm();
    await user.type(screen.getByLabelText("Vorname"), " Ayşe ");
    await user.type(screen.getByLabelText("Nachname"), "Yılmaz");
    await user.selectOptions(
      screen.getByLabelText("Gebäude"),
      await screen.findByRole("option", { name: /Lindenstraße 5/ }),
    );
    await user.type(screen.getByLabelText("Beginn"), "2026-12-01");
    await user.type(screen.getByLabelText("Kaltmiete (€)"), "1.612,50");
    await user.type(screen.getByLabelText("Nebenkosten (€)"), "180");
    await user.type(screen.getByLabelText("Saldovortrag (€)"), "-50,00");
    expect(screen.getByRole("switch")).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Mieter anlegen" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toStrictEqual({
      first_name: "Ayşe",
      last_name: "Yılmaz",
      email: null,
      building_id: BUILDING.id,
      unit: null,
      start_date: "2026-12-01",
      due_day: 3,
      base_rent: 1612.5,
      utilities: 180,
      payment_method: "sepa_direct_debit",
      first_period: null,
      opening_balance: -50,
      invite: false,
    });
  });
});
