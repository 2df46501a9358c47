import type { ServiceMissedVisit } from "@mieter-portal/contracts/services";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routeFetch } from "../test-fetch";
import { MissedVisit } from "./missed-visit";

const VISIT = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a09";
const visit: ServiceMissedVisit = {
  visit_id: VISIT,
  building_id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
  building_name: "Lindenstraße 5",
  service_name: "Treppenhausreinigung",
  planned_on: "2026-11-24",
  window: { start: "07:00", end: "10:00" },
  noticed_at: "2026-11-24T09:15:00.000Z",
  closed_at: null,
  close_note: null,
};

function renderVisit(shown: ServiceMissedVisit = visit) {
  const calls = routeFetch({ [`POST /staff/service-missed/${VISIT}/close`]: [{ status: 204 }] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MissedVisit visit={shown} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe("a missed Einsatz (issue 27 §4)", () => {
  it("shows the house, the service and the window, and asks what was done before closing", async () => {
    const { calls, user } = renderVisit();
    expect(screen.getByText("24.11.2026, 07:00–10:00 Uhr")).toBeInTheDocument();
    expect(screen.getByText("Offen")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Erledigt vermerken" }));
    const note = screen.getByLabelText("Was wurde unternommen?");
    await waitFor(() => expect(note).toHaveAttribute("aria-invalid", "true"));
    expect(note).toHaveAccessibleDescription(expect.stringContaining("Die Notiz ist erforderlich."));
    expect(calls).toHaveLength(0);
  });

  it("sends the note", async () => {
    const { calls, user } = renderVisit();
    await user.type(screen.getByLabelText("Was wurde unternommen?"), "Nachgeholt am Freitag");
    await user.click(screen.getByRole("button", { name: "Erledigt vermerken" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "POST", body: { note: "Nachgeholt am Freitag" } });
  });

  it("a closed one shows what was noted and no form", () => {
    renderVisit({ ...visit, closed_at: "2026-11-25T08:00:00.000Z", close_note: "Einsatz nachgetragen" });
    expect(screen.getByText(/^Erledigt am .*: Einsatz nachgetragen$/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Erledigt vermerken" })).toBeNull();
  });
});
