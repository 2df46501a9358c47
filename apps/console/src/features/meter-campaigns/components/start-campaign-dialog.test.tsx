import type { StaffMeterCampaignDetail } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { StartCampaignDialog } from "./start-campaign-dialog";

const buildings = {
  status: 200,
  body: [
    { id: "b1", name: "Lindenhof", address: "Lindenstraße 1, 10115 Berlin", tenant_count: 12 },
    { id: "b2", name: "Parkblick", address: "Parkweg 2, 10115 Berlin", tenant_count: 8 },
  ],
};
const started: StaffMeterCampaignDetail = {
  id: "c1",
  building: { id: "b2", name: "Parkblick", address: "Parkweg 2, 10115 Berlin" },
  meter: "water",
  kind: "period",
  reason: "Zwischenablesung",
  starts_on: "2027-01-10",
  ends_on: "2027-01-20",
  participant_count: 8,
  submitted_count: 0,
  created_at: "2026-11-28T10:00:00.000Z",
  created_by: null,
  participants: [],
};

async function openDialog(defaultBuilding?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StartCampaignDialog
          defaultBuilding={defaultBuilding}
          trigger={(open) => <Button onClick={open}>Neue Ablesung</Button>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Neue Ablesung" }));
  await screen.findByRole("option", { name: "Parkblick" });
  return user;
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole("button", { name: "Ablesung starten" }));

describe("starting a meter campaign", () => {
  it("asks for the building and the meter in German beside them, focuses the building, sends nothing", async () => {
    const calls = stubFetch(buildings);
    const user = await openDialog();
    await submit(user);
    const building = screen.getByLabelText("Gebäude");
    await waitFor(() => expect(building).toHaveAttribute("aria-invalid", "true"));
    expect(building).toHaveAccessibleDescription("Bitte wählen Sie ein Gebäude.");
    expect(screen.getByLabelText("Zähler")).toHaveAccessibleDescription("Bitte wählen Sie den Zähler.");
    expect(building).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it("says beside the end when it lies before the start", async () => {
    const calls = stubFetch(buildings);
    const user = await openDialog("b1");
    await user.selectOptions(screen.getByLabelText("Zähler"), "Wasser");
    await user.clear(screen.getByLabelText("Beginn"));
    await user.type(screen.getByLabelText("Beginn"), "2027-01-05");
    await user.clear(screen.getByLabelText("Ende"));
    await user.type(screen.getByLabelText("Ende"), "2027-01-01");
    await submit(user);
    const end = screen.getByLabelText("Ende");
    await waitFor(() => expect(end).toHaveAttribute("aria-invalid", "true"));
    expect(end).toHaveAccessibleDescription(
      "Vorgabe: 27. Dezember bis 3. Januar Das Ende des Zeitraums liegt vor seinem Beginn.",
    );
    expect(end).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it("sends the building, meter, period and the trimmed reason", async () => {
    const calls = stubFetch(buildings, { status: 201, body: started });
    const user = await openDialog();
    await user.selectOptions(screen.getByLabelText("Gebäude"), "Parkblick");
    await user.selectOptions(screen.getByLabelText("Zähler"), "Wasser");
    await user.clear(screen.getByLabelText("Beginn"));
    await user.type(screen.getByLabelText("Beginn"), "2027-01-10");
    await user.clear(screen.getByLabelText("Ende"));
    await user.type(screen.getByLabelText("Ende"), "2027-01-20");
    await user.type(screen.getByLabelText("Anlass (optional)"), "  Zwischenablesung ");
    await submit(user);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toBe("/api/v1/staff/meter-campaigns");
    expect(calls[1]!.body).toStrictEqual({
      building_id: "b2",
      meter: "water",
      starts_on: "2027-01-10",
      ends_on: "2027-01-20",
      reason: "Zwischenablesung",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
