import type { StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { Component as CampaignRoute } from "@/app/routes/meter-campaign";
import { MeContext } from "@/lib/me";
import { stubFetch } from "./fetch";

const ME: StaffProfile = {
  id: "s1",
  email: "verwalter@example.com",
  name: "Vera Walter",
  role: "verwalter",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};

/** Decision 040: an answer the contracts' schema refuses is an error state in German, not a crash. */
describe("an answer of the wrong shape", () => {
  it("shows the screen's load error with the German fallback message", async () => {
    // A campaign without its tenants and counts (say, an older server during a deploy).
    stubFetch({ status: 200, body: { id: "c1", building: { id: "b1", name: "Lindenstraße 5" } } });
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
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Die Daten konnten nicht geladen werden.");
    expect(alert).toHaveTextContent("Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.");
  });
});
