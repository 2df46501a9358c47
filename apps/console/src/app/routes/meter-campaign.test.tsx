import type { MeterCampaignParticipant, StaffMeterCampaignDetail, StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { Component as CampaignRoute } from "./meter-campaign";

const ME: StaffProfile = {
  id: "s1",
  email: "verwalter@example.com",
  name: "Vera Walter",
  role: "verwalter",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};

const participant = (id: string, name: string, status: "open" | "submitted"): MeterCampaignParticipant => ({
  tenant: { id, name, email: `${id}@example.com`, building: { id: "b1", name: "Lindenstraße 5" }, unit: `Whg. ${id}` },
  unit: `Whg. ${id}`,
  status,
  reading:
    status === "open"
      ? null
      : {
          id: `r-${id}`,
          reading_date: "2026-12-28",
          submitted_at: "2026-12-28T10:00:00.000Z",
          water_reading: 12.5,
          electricity_reading: null,
          heating_reading: null,
          lower_than_previous: [],
          photos: [],
          review: null,
        },
});

const CAMPAIGN = {
  id: "c1",
  building: { id: "b1", name: "Lindenstraße 5", address: "Lindenstraße 5, 10969 Berlin" },
  meter: "water",
  kind: "period",
  reason: null,
  starts_on: "2026-12-27",
  ends_on: "2027-01-03",
  participant_count: 3,
  submitted_count: 1,
  created_at: "2026-12-01T10:00:00.000Z",
  created_by: null,
  participants: [
    participant("t1", "Anna Ahorn", "submitted"),
    participant("t2", "Bernd Birke", "open"),
    participant("t3", "Carla Ceder", "open"),
  ],
} satisfies StaffMeterCampaignDetail;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCampaign() {
  const posts: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === "POST") {
        posts.push(url);
        return Response.json({ open: 2, mailed: 1 });
      }
      if (url.endsWith("/export")) return new Response(new Blob(["x"], { type: "text/csv" }), { status: 200 });
      return Response.json(CAMPAIGN);
    }),
  );
  render(
    <MemoryRouter initialEntries={["/ablesungen/c1"]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={ME}>
          <Routes>
            <Route path="/ablesungen/:id" element={<CampaignRoute />} />
          </Routes>
        </MeContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { posts };
}

describe("the campaign page (issue 25 item 20)", () => {
  it("downloads the export under a file name that carries the building", async () => {
    renderCampaign();
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:csv", revokeObjectURL: () => {} }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: "CSV exportieren" }));
    await vi.waitFor(() => expect(names).toEqual(["zaehlerstaende-lindenstrasse-5-10969-berlin-water-2026-12-27.csv"]));
  });

  it("filters the rows by status", async () => {
    renderCampaign();
    const user = userEvent.setup();
    const table = await screen.findByRole("table");
    expect(within(table).getAllByTestId("campaign-participant")).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Eingereicht: 1" }));
    expect(
      within(table)
        .getAllByTestId("campaign-participant")
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining("Anna Ahorn")]);
    expect(screen.getByRole("button", { name: "Eingereicht: 1" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Offen: 2" }));
    expect(within(table).getAllByTestId("campaign-participant")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Alle: 3" }));
    expect(within(table).getAllByTestId("campaign-participant")).toHaveLength(3);
  });

  it("reminds the open ones now, after asking", async () => {
    const { posts } = renderCampaign();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Offene jetzt erinnern" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("2 Mieter");
    await user.click(within(dialog).getByRole("button", { name: "Erinnerung senden" }));
    await vi.waitFor(() => expect(posts).toEqual(["/api/v1/staff/meter-campaigns/c1/remind"]));
  });
});
