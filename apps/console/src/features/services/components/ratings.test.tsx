import type { ServiceRatingsSummary } from "@mieter-portal/contracts/services";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routeFetch } from "../test-fetch";
import { formatAverage, lastTwelveMonths, RatingsSection } from "./ratings";

const BUILDING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";
const CLEANING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0b01";
const LAWN = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0b02";

const SUMMARY: ServiceRatingsSummary = {
  by_service: [
    { service_kind_id: LAWN, service_name: "Rasen mähen", average: 5, count: 1 },
    { service_kind_id: CLEANING, service_name: "Treppenhausreinigung", average: 4.33, count: 12 },
  ],
  by_team: [
    { team: null, average: 3, count: 2 },
    { team: "Reinigung Nord", average: 4.5, count: 11 },
  ],
  comments: [
    { service_name: "Rasen mähen", team: null, planned_on: "2026-10-02", stars: 5, comment: "Sauber gemäht." },
    {
      service_name: "Treppenhausreinigung",
      team: "Reinigung Nord",
      planned_on: "2026-11-24",
      stars: 2,
      comment: "Die Treppe im 3. OG war nass.",
    },
  ],
};

// Today in Berlin: Monday, 7 December 2026 (only Date is faked: timers and user events run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-07T10:00:00Z") });
});
afterEach(() => vi.useRealTimers());

function renderRatings(answers: { status: number; body?: unknown }[]) {
  const calls = routeFetch({ "GET /staff/service-ratings": answers });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RatingsSection buildingId={BUILDING} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const query = (url: string) => new URL(url, "http://localhost").searchParams.toString();

describe("the tenants' ratings of a house (issue 27 §3)", () => {
  it("reads the last twelve months and shows the average per service and per team with counts", async () => {
    const { calls } = renderRatings([{ status: 200, body: SUMMARY }]);
    const byService = await screen.findByRole("region", { name: "Nach Leistung" });
    expect(query(calls[0]!.url)).toBe(`building_id=${BUILDING}&from=2025-12-08&until=2026-12-07`);
    expect(screen.getByLabelText("Von")).toHaveValue("2025-12-08");
    expect(screen.getByLabelText("Bis")).toHaveValue("2026-12-07");
    expect(screen.getByText("Zeitraum: 08.12.2025 bis 07.12.2026")).toBeInTheDocument();

    const pairs = (region: HTMLElement) =>
      within(region)
        .getAllByRole("term")
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(pairs(byService)).toEqual([
      "Rasen mähen: 5,0 von 5 (1 Bewertung)",
      "Treppenhausreinigung: 4,3 von 5 (12 Bewertungen)",
    ]);
    expect(pairs(screen.getByRole("region", { name: "Nach Team" }))).toEqual([
      "ohne Team: 3,0 von 5 (2 Bewertungen)",
      "Reinigung Nord: 4,5 von 5 (11 Bewertungen)",
    ]);
  });

  it("lists the comments newest first with service, team, day and stars in words, and never a name", async () => {
    // An answer carrying more than the contract (a name) shows only what the contract holds.
    const leaky = {
      ...SUMMARY,
      comments: SUMMARY.comments.map((c) => ({ ...c, tenant_name: "Anna Alt" })),
    };
    renderRatings([{ status: 200, body: leaky }]);
    const region = await screen.findByRole("region", { name: "Kommentare" });
    const items = within(region).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "TreppenhausreinigungReinigung NordEinsatz vom 24.11.2026★★☆☆☆2 von 5 SternenDie Treppe im 3. OG war nass.",
      "Rasen mähenohne TeamEinsatz vom 02.10.2026★★★★★5 von 5 SternenSauber gemäht.",
    ]);
    // The drawn stars are hidden from screen readers; the words are what they read.
    expect(within(items[0]!).getByText("★★☆☆☆")).toHaveAttribute("aria-hidden", "true");
    expect(within(items[0]!).getByText("2 von 5 Sternen")).toHaveClass("sr-only");
    expect(screen.queryByText(/Anna/)).not.toBeInTheDocument();
  });

  it("says in German when nobody rated in the period", async () => {
    renderRatings([{ status: 200, body: { by_service: [], by_team: [], comments: [] } }]);
    expect(
      await screen.findByText("In diesem Zeitraum hat noch kein Mieter einen Einsatz in diesem Haus bewertet."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Nach Leistung" })).not.toBeInTheDocument();
  });

  it("says so when there are figures but no comments", async () => {
    renderRatings([{ status: 200, body: { ...SUMMARY, comments: [] } }]);
    expect(
      await screen.findByText("In diesem Zeitraum hat kein Mieter einen Kommentar geschrieben."),
    ).toBeInTheDocument();
  });

  it("refuses a reversed or too long period with the route's messages and asks for a chosen one", async () => {
    const { calls, user } = renderRatings([
      { status: 200, body: SUMMARY },
      { status: 200, body: { by_service: [], by_team: [], comments: [] } },
    ]);
    await screen.findByRole("region", { name: "Nach Leistung" });
    const from = screen.getByLabelText("Von");
    const until = screen.getByLabelText("Bis");
    await user.clear(from);
    await user.type(from, "2026-11-01");
    await user.clear(until);
    await user.type(until, "2026-10-01");
    await user.click(screen.getByRole("button", { name: "Anzeigen" }));
    await waitFor(() =>
      expect(until).toHaveAccessibleDescription("Das Ende des Zeitraums darf nicht vor seinem Beginn liegen."),
    );
    await user.clear(from);
    await user.type(from, "2025-01-01");
    await user.click(screen.getByRole("button", { name: "Anzeigen" }));
    await waitFor(() => expect(until).toHaveAccessibleDescription("Bitte höchstens 366 Tage auf einmal abfragen."));
    expect(calls).toHaveLength(1);

    await user.clear(from);
    await user.type(from, "2026-01-01");
    await user.click(screen.getByRole("button", { name: "Anzeigen" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(query(calls[1]!.url)).toBe(`building_id=${BUILDING}&from=2026-01-01&until=2026-10-01`);
    expect(await screen.findByText("Zeitraum: 01.01.2026 bis 01.10.2026")).toBeInTheDocument();
    expect(
      await screen.findByText("In diesem Zeitraum hat noch kein Mieter einen Einsatz in diesem Haus bewertet."),
    ).toBeInTheDocument();
  });

  it("shows a failed read with a retry", async () => {
    const { user } = renderRatings([
      { status: 500, body: { error: "internal", message: "Interner Fehler." } },
      { status: 200, body: SUMMARY },
    ]);
    await user.click(await screen.findByRole("button", { name: "Erneut versuchen" }));
    expect(await screen.findByRole("region", { name: "Nach Team" })).toBeInTheDocument();
  });
});

describe("the default period and the figures' wording", () => {
  it("is the last twelve months, at most 366 days, also from a 29 February", () => {
    expect(lastTwelveMonths("2026-12-07")).toEqual({ from: "2025-12-08", until: "2026-12-07" });
    expect(lastTwelveMonths("2028-02-29")).toEqual({ from: "2027-03-01", until: "2028-02-29" });
    expect(lastTwelveMonths("2028-03-01")).toEqual({ from: "2027-03-02", until: "2028-03-01" });
  });

  it("writes averages with a German decimal comma and counts with thousands dots", () => {
    expect(formatAverage(4.33, 12)).toBe("4,3 von 5 (12 Bewertungen)");
    expect(formatAverage(4.96, 1234)).toBe("5,0 von 5 (1.234 Bewertungen)");
    expect(formatAverage(1, 1)).toBe("1,0 von 5 (1 Bewertung)");
  });
});
