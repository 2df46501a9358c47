import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routeFetch } from "../test-fetch";
import { ProofDownloads, winterSeasonOf } from "./proof-downloads";

const BUILDING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:proof");
  URL.revokeObjectURL = vi.fn();
  // jsdom does not navigate: the link's click is the download.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function renderDownloads() {
  const calls = routeFetch({
    [`GET /staff/buildings/${BUILDING}/service-proof.pdf`]: [{ status: 200, body: "pdf" }],
    [`GET /staff/buildings/${BUILDING}/service-proof.csv`]: [{ status: 200, body: "csv" }],
    [`GET /staff/buildings/${BUILDING}/winter-log.pdf`]: [{ status: 200, body: "pdf" }],
  });
  render(<ProofDownloads buildingId={BUILDING} buildingName="Lindenstraße 5" />);
  return { calls, user: userEvent.setup() };
}

const query = (url: string) => new URL(url, "http://localhost").searchParams.toString();

describe("the proof downloads", () => {
  it("refuses a period that ends before it starts, with the route's own message, and fetches nothing", async () => {
    const { calls, user } = renderDownloads();
    const from = screen.getByLabelText("Von");
    await user.clear(from);
    await user.type(from, "2026-11-01");
    const until = screen.getByLabelText("Bis");
    await user.clear(until);
    await user.type(until, "2026-10-01");
    await user.click(screen.getByRole("button", { name: "Leistungsnachweis (PDF)" }));
    await waitFor(() =>
      expect(until).toHaveAccessibleDescription("Das Ende des Zeitraums darf nicht vor seinem Beginn liegen."),
    );
    expect(calls).toHaveLength(0);
  });

  it("asks for the Leistungsnachweis of the period and category, and the winter's Streuprotokoll", async () => {
    const { calls, user } = renderDownloads();
    const from = screen.getByLabelText("Von");
    await user.clear(from);
    await user.type(from, "2026-01-01");
    const until = screen.getByLabelText("Bis");
    await user.clear(until);
    await user.type(until, "2026-06-30");
    await user.selectOptions(screen.getByLabelText("Betriebskostenart"), "nr9");
    await user.click(screen.getByRole("button", { name: "Leistungsnachweis (CSV)" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toContain(`/staff/buildings/${BUILDING}/service-proof.csv?`);
    expect(query(calls[0]!.url)).toBe("from=2026-01-01&until=2026-06-30&category=nr9");
    await user.selectOptions(screen.getByLabelText("Betriebskostenart"), "");
    await user.click(screen.getByRole("button", { name: "Leistungsnachweis (PDF)" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(query(calls[1]!.url)).toBe("from=2026-01-01&until=2026-06-30");
    await user.click(screen.getByRole("button", { name: "Räum- und Streuprotokoll (PDF)" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.url).toContain(`/staff/buildings/${BUILDING}/winter-log.pdf?season=`);
  });

  it("names a winter by the year it starts in", () => {
    expect(winterSeasonOf("2026-11-28")).toBe(2026);
    expect(winterSeasonOf("2027-02-10")).toBe(2026);
    expect(winterSeasonOf("2026-05-01")).toBe(2025);
  });
});
