import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, createQueryClient } from "@/app/app";
import { workStore } from "@/lib/einsatz";
import { queueStore, sync } from "@/lib/queue";
import { signIn } from "@/lib/session";
import { BUILDING_ID, crewMember, setOnline, stubServer } from "@/test/fixtures";

// The unplanned Einsatz (snow at 5:30, a tenant's call): the crew member chooses one of their houses,
// then one of the services planned there (GET /staff/service-visits/services), and the Einsatz starts
// with that plan's checklist; offline it waits in the queue like every change.

const OTHER_BUILDING = "66666666-6666-4666-8666-666666666666";
const WINTER_KIND = "77777777-7777-4777-8777-777777777777";
const OTHER_KIND = "88888888-8888-4888-8888-888888888888";
const HEDGE_KIND = "99999999-9999-4999-8999-999999999999";

const services = [
  {
    building_id: BUILDING_ID,
    service_kind_id: WINTER_KIND,
    service_key: "winterdienst",
    service_name: "Winterdienst (Räumen und Streuen)",
    checklist: ["Gehweg geräumt", "Gestreut"],
    team: "Winterteam",
  },
  {
    building_id: BUILDING_ID,
    service_kind_id: OTHER_KIND,
    service_key: "sonstige",
    service_name: "Sonstige Leistung",
    checklist: [],
    team: null,
  },
  {
    building_id: OTHER_BUILDING,
    service_kind_id: HEDGE_KIND,
    service_key: "hecke_schneiden",
    service_name: "Hecke schneiden",
    checklist: ["Schnittgut entsorgt"],
    team: null,
  },
];

beforeEach(async () => {
  await queueStore.removeEntries(() => true);
  sync.reset();
  localStorage.clear();
});
afterEach(() => {
  act(() => setOnline(true));
  vi.unstubAllGlobals();
});

describe("an unplanned Einsatz", () => {
  it("offers the services planned in the chosen house and starts with that plan's checklist, offline", async () => {
    signIn("token-1", {
      ...crewMember,
      buildings: [
        { id: BUILDING_ID, name: "Lindenstraße 5" },
        { id: OTHER_BUILDING, name: "Gartenweg 12" },
      ],
    });
    const calls = stubServer({ status: 200, body: services }, { status: 200, body: [] }, { status: 200, body: [] });
    window.history.pushState({}, "", "/einsatz/ungeplant");
    render(<App queryClient={createQueryClient()} />);
    const user = userEvent.setup();

    const service = await screen.findByRole("combobox", { name: /Leistung/ });
    expect(screen.getByText("Erst das Haus wählen: es stehen die dort geplanten Leistungen zur Wahl.")).toBeVisible();
    expect(
      within(service)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Bitte wählen"]);
    await user.selectOptions(screen.getByRole("combobox", { name: /Haus/ }), "Lindenstraße 5");
    expect(
      within(service)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Bitte wählen", "Winterdienst (Räumen und Streuen)", "Sonstige Leistung"]);
    expect(calls.some((c) => c.url.endsWith("/api/v1/staff/service-visits/services"))).toBe(true);
    await user.selectOptions(service, "Winterdienst (Räumen und Streuen)");

    act(() => setOnline(false));
    await user.click(screen.getByRole("button", { name: "Beginn" }));
    expect(await screen.findByRole("checkbox", { name: "Gehweg geräumt" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Gestreut" })).toBeInTheDocument();
    // The Winterdienst asks for the conditions.
    expect(screen.getByRole("checkbox", { name: "Schnee" })).toBeInTheDocument();

    expect(await screen.findByText("wartet auf Synchronisierung")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Offline – 1 Änderung wartet auf Synchronisierung");
    const [entry] = await queueStore.listEntries();
    expect(entry).toMatchObject({
      method: "POST",
      url: "/staff/service-records",
      data: { visit_id: null, building_id: BUILDING_ID, service_kind_id: WINTER_KIND },
    });
    expect(workStore.all()[0]).toMatchObject({ winter: true, buildingName: "Lindenstraße 5" });
  });
});
