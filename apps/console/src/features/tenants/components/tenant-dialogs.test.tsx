import type { StaffTenantDetail } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { ContactDialog, EndTenancyDialog } from "./tenant-dialogs";

const detail = {
  tenant: {
    id: "t1",
    name: "Ayşe Yılmaz",
    email: "ayse@example.com",
    building: { id: "b1", name: "Lindenstraße 5" },
    address: "Lindenstraße 5, 10969 Berlin",
    unit: null,
    tenancy_active: true,
    invitation_status: "active",
  },
  invitation: { status: "active", channel: "email", sent_at: null, expires_at: null },
  contact: { first_name: "Ayşe", last_name: "Yılmaz", email: "ayse@example.com" },
  tenancy: {
    id: "a1",
    start_date: "2024-03-01",
    end_date: null,
    base_rent: 700,
    utilities: 180,
    payment_method: "transfer",
    due_day: 3,
  },
  open_repairs: [],
  past_repairs: [],
  threads: [],
  appointments: [],
  documents: [],
  meter_readings: [],
} as StaffTenantDetail;

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return userEvent.setup();
}

describe("contact dialog", () => {
  it("marks an emptied name and a broken address with the German messages and sends nothing", async () => {
    const calls = stubFetch();
    const user = renderWithClient(<ContactDialog detail={detail} />);
    await user.click(screen.getByRole("button", { name: "Kontaktdaten ändern" }));
    await user.clear(await screen.findByLabelText("Vorname"));
    await user.clear(screen.getByLabelText("E-Mail-Adresse"));
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "ayse@");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    const first = screen.getByLabelText("Vorname");
    await waitFor(() => expect(first).toHaveAttribute("aria-invalid", "true"));
    expect(first).toHaveAccessibleDescription(/Vorname/);
    expect(screen.getByLabelText("E-Mail-Adresse")).toHaveAccessibleDescription(
      "Mit dieser Adresse meldet sich der Mieter an. Bitte geben Sie eine gültige E-Mail-Adresse ein (oder lassen Sie das Feld leer).",
    );
    expect(screen.getByLabelText("Nachname")).not.toHaveAttribute("aria-invalid");
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed names and no address when it is emptied", async () => {
    const calls = stubFetch({ status: 200, body: { success: true } });
    const user = renderWithClient(<ContactDialog detail={detail} />);
    await user.click(screen.getByRole("button", { name: "Kontaktdaten ändern" }));
    await user.type(await screen.findByLabelText("Nachname"), " ");
    await user.clear(screen.getByLabelText("E-Mail-Adresse"));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.method).toBe("PATCH");
    expect(calls[0]!.url).toContain("/staff/tenants/t1");
    expect(calls[0]!.body).toStrictEqual({ first_name: "Ayşe", last_name: "Yılmaz", email: null });
  });
});

describe("end of tenancy dialog", () => {
  it("asks for the date and sends nothing without one", async () => {
    const calls = stubFetch();
    const user = renderWithClient(<EndTenancyDialog detail={detail} />);
    await user.click(screen.getByRole("button", { name: "Mietverhältnis beenden" }));
    await user.click(await screen.findByRole("button", { name: "Mietverhältnis beenden" }));
    const date = screen.getByLabelText("Ende des Mietverhältnisses");
    await waitFor(() => expect(date).toHaveAttribute("aria-invalid", "true"));
    expect(date).toHaveAccessibleDescription("Bitte wählen Sie das Ende des Mietverhältnisses.");
    expect(calls).toHaveLength(0);
  });

  it("sends the chosen date", async () => {
    const calls = stubFetch({
      status: 200,
      body: { end_date: "2026-12-31", access_until: "2027-03-31", move_out_reading: "Zählerstände erbeten." },
    });
    const user = renderWithClient(<EndTenancyDialog detail={detail} />);
    await user.click(screen.getByRole("button", { name: "Mietverhältnis beenden" }));
    await user.type(await screen.findByLabelText("Ende des Mietverhältnisses"), "2026-12-31");
    await user.click(screen.getByRole("button", { name: "Mietverhältnis beenden" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toContain("/staff/tenants/t1/tenancy/end");
    expect(calls[0]!.body).toStrictEqual({ end_date: "2026-12-31" });
  });
});
