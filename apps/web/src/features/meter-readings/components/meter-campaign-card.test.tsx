import type { TenantMeterCampaign } from "@mieter-portal/contracts";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MeterCampaignCard } from "./meter-campaign-card";

const campaign = (overrides: Partial<TenantMeterCampaign> = {}): TenantMeterCampaign => ({
  id: "c1",
  meter: "water",
  kind: "period",
  reason: null,
  starts_on: "2026-12-27",
  ends_on: "2027-01-03",
  status: "open",
  ...overrides,
});

function renderCard(campaigns: TenantMeterCampaign[]) {
  return render(
    <MemoryRouter>
      <MeterCampaignCard campaigns={campaigns} meterReadingsPath="/meter-readings" />
    </MemoryRouter>,
  );
}

describe("MeterCampaignCard", () => {
  it("asks for the reading with the period and leads to the form", () => {
    renderCard([campaign()]);
    const card = screen.getByRole("region", { name: "Zählerstand ablesen" });
    expect(card).toHaveTextContent("Zähler Wasser");
    expect(card).toHaveTextContent("Ablesezeitraum 27.12.2026 bis 03.01.2027");
    expect(card).toHaveTextContent("Bitte melden Sie Ihren Zählerstand bis zum 03.01.2027.");
    expect(within(card).getByRole("link", { name: "Zählerstand melden" })).toHaveAttribute("href", "/meter-readings");
  });

  it("thanks once submitted, without the button", () => {
    renderCard([campaign({ status: "submitted" })]);
    expect(screen.getByText("Gemeldet – vielen Dank!")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Zählerstand melden" })).not.toBeInTheDocument();
  });

  it("asks again when the management sent the reading back; names a move-out with all meters", () => {
    renderCard([
      campaign({ status: "sent_back" }),
      campaign({ id: "c2", meter: "all", kind: "on_demand", reason: "Auszug" }),
    ]);
    expect(screen.getByText(/bittet um eine neue Ablesung/)).toBeInTheDocument();
    expect(screen.getByText("Alle Zähler (Wasser, Strom, Heizung) – Auszug")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zählerstand melden" })).toBeInTheDocument();
  });

  it("shows nothing when no campaign runs", () => {
    const { container } = renderCard([]);
    expect(container).toBeEmptyDOMElement();
  });
});
