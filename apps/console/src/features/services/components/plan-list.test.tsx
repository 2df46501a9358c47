import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routeFetch } from "../test-fetch";
import { PlansSection } from "./plan-list";

const BUILDING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";
const STAFF = "5b2c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b";
const hedge = {
  id: "4f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
  building_id: BUILDING,
  building_name: "Lindenstraße 5",
  service_kind: {
    id: "5f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
    key: "hecke_schneiden",
    name: "Hecke schneiden",
    category: "nr10",
    checklist: [],
  },
  recurrence: { kind: "weekly", weekdays: [4, 1], every_weeks: 2 },
  season: { from: "03-01", until: "10-31" },
  window: { start: "08:00", end: "16:00" },
  rest_day_window: null,
  checklist: ["Hecke geschnitten", "Schnittgut entsorgt"],
  team: "Grünpflege Nord",
  responsible_staff_id: STAFF,
  tenant_visible: false,
  valid_from: "2026-03-01",
  valid_until: null,
  predecessor_id: null,
  warnings: ["Vom 1. März bis 30. September sind nur Form- und Pflegeschnitte erlaubt (§ 39 Abs. 5 BNatSchG)."],
};
const ended = {
  ...hedge,
  id: "6f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
  valid_from: "2025-03-01",
  valid_until: "2026-02-28",
  warnings: [],
};

describe("a building's plans", () => {
  it("lists each plan in German and shows ended ones on request, without actions", async () => {
    const calls = routeFetch({
      "GET /staff/service-plans": [
        { status: 200, body: [hedge] },
        { status: 200, body: [ended, hedge] },
      ],
      "GET /staff/colleagues": [{ status: 200, body: [{ id: STAFF, name: "Sabine Krüger" }] }],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PlansSection buildingId={BUILDING} />
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId("service-plan");
    expect(card).toHaveTextContent("alle 2 Wochen Mo, Do, 08:00–16:00 Uhr");
    expect(card).toHaveTextContent("01.03.–31.10.");
    expect(card).toHaveTextContent("Grünpflege Nord");
    expect(card).toHaveTextContent("nur intern");
    expect(card).toHaveTextContent("nur Form- und Pflegeschnitte erlaubt");
    await waitFor(() => expect(card).toHaveTextContent("Sabine Krüger"));
    expect(within(card).getByRole("button", { name: "Ändern" })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("checkbox", { name: /Beendete Pläne zeigen/ }));
    await waitFor(() => expect(screen.getAllByTestId("service-plan")).toHaveLength(2));
    const old = screen.getAllByTestId("service-plan")[0]!;
    expect(old).toHaveTextContent("beendet");
    expect(old).toHaveTextContent("ab 01.03.2025 bis 28.02.2026");
    expect(within(old).queryByRole("button", { name: "Ändern" })).not.toBeInTheDocument();
    expect(
      calls.filter((c) => c.url.includes("/staff/service-plans")).map((c) => new URL(c.url, "http://x").search),
    ).toStrictEqual([`?building_id=${BUILDING}`, `?building_id=${BUILDING}&include_ended=true`]);
  });
});
