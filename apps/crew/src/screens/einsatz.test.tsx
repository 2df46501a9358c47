import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, createQueryClient } from "@/app/app";
import { VISITS_STORAGE_KEY } from "@/lib/config";
import { workStore } from "@/lib/einsatz";
import { queueStore, sync } from "@/lib/queue";
import { getSession } from "@/lib/session";
import { crewMember, setOnline, signInCrew, stubServer, VISIT_ID, visit } from "@/test/fixtures";

/** The Einsatz screen wired to the real queue (packages/offline on IndexedDB); only the server is played by fetch. */
function cacheVisits() {
  localStorage.setItem(
    VISITS_STORAGE_KEY,
    JSON.stringify([
      { accountId: crewMember.id, key: "2026-11-28..2026-11-28", visits: [visit()], fetchedAt: Date.now() },
    ]),
  );
}

function openApp(path: string) {
  window.history.pushState({}, "", `/einsatz${path}`);
  return render(<App queryClient={createQueryClient()} />);
}

beforeEach(async () => {
  // The cached visits are the 28th's: "Heute" is that day (only the date is faked, timers run).
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T08:00:00Z") });
  await queueStore.removeEntries(() => true);
  sync.reset();
});
afterEach(() => {
  act(() => setOnline(true));
  vi.useRealTimers();
});

describe("an Einsatz offline", () => {
  it("Beginn, checklist and Ende are stored on the device, shown as waiting, and survive a new start", async () => {
    signInCrew();
    cacheVisits();
    setOnline(false);
    const user = userEvent.setup();
    const view = openApp(`/besuch/${VISIT_ID}`);

    expect(await screen.findByRole("heading", { name: "Treppenhausreinigung" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Beginn" }));
    await user.click(await screen.findByRole("checkbox", { name: "Handläufe abgewischt" }));
    await user.type(screen.getByLabelText("Bemerkung"), "Keller nass");
    await user.click(screen.getByRole("button", { name: "Ende" }));

    expect(await screen.findByText(/wartet auf Synchronisierung\./)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Offline – 2 Änderungen warten auf Synchronisierung");

    const entries = await queueStore.listEntries();
    expect(entries.map((e) => [e.method, e.url])).toEqual([
      ["POST", "/staff/service-records"],
      ["POST", `/staff/service-records/${workStore.all()[0]!.recordId}/finish`],
    ]);
    expect(entries.every((e) => e.tenantId === crewMember.id && e.idempotencyKey.length > 10)).toBe(true);
    expect(entries[1]!.data).toMatchObject({
      checklist: [
        { item: "Treppen und Podeste gefegt und gewischt", done: false },
        { item: "Handläufe abgewischt", done: true },
        { item: "Kellertreppe gewischt", done: false },
      ],
      remark: "Keller nass",
      conditions: null,
    });

    // A new start (reload): the work and the queue come back from the device.
    view.unmount();
    workStore.reset();
    openApp("/");
    const card = await screen.findByRole("link", { name: /Treppenhausreinigung, Lindenstraße 5, erledigt/ });
    expect(within(card).getByText("wartet auf Synchronisierung")).toBeInTheDocument();
  });

  it("back online, both writes go out once, in order, with token, client key and Idempotency-Key", async () => {
    signInCrew("token-7");
    cacheVisits();
    setOnline(false);
    const user = userEvent.setup();
    openApp(`/besuch/${VISIT_ID}`);
    await user.click(await screen.findByRole("button", { name: "Beginn" }));
    await user.click(await screen.findByRole("button", { name: "Ende" }));
    await screen.findByText(/wartet auf Synchronisierung\./);
    const waiting = await queueStore.listEntries();

    const calls = stubServer({ status: 201, body: {} }, { status: 200, body: {} });
    act(() => setOnline(true));
    await act(() => sync.synchronize("manual"));

    const writes = calls.filter((c) => c.method === "POST");
    expect(writes.map((c) => c.url)).toEqual([
      "/api/v1/staff/service-records",
      `/api/v1/staff/service-records/${workStore.all()[0]!.recordId}/finish`,
    ]);
    expect(writes.map((c) => c.headers.get("Idempotency-Key"))).toEqual(waiting.map((e) => e.idempotencyKey));
    expect(writes.every((c) => c.headers.get("Authorization") === "Bearer token-7")).toBe(true);
    expect(writes.every((c) => c.headers.get("X-API-Key") === "mp-web-client-2025")).toBe(true);
    expect((writes[0]!.body as { id: string }).id).toBe(workStore.all()[0]!.recordId);
    expect(await queueStore.listEntries()).toEqual([]);
    expect(await screen.findByText(/beim Server angekommen/)).toBeInTheDocument();
  });

  it("a refused Ende stays on the device with the server's German reason; a 401 ends the session and keeps the queue", async () => {
    signInCrew();
    cacheVisits();
    setOnline(false);
    const user = userEvent.setup();
    openApp(`/besuch/${VISIT_ID}`);
    await user.click(await screen.findByRole("button", { name: "Beginn" }));
    await user.click(await screen.findByRole("button", { name: "Ende" }));
    await screen.findByText(/wartet auf Synchronisierung\./);

    stubServer(
      { status: 201, body: {} },
      { status: 403, body: { error: "forbidden", message: "Nur wer den Einsatz begonnen hat, kann ihn beenden." } },
    );
    act(() => setOnline(true));
    await act(() => sync.synchronize("manual"));
    expect(await screen.findByText(/Vom Server abgelehnt: Nur wer den Einsatz begonnen hat/)).toBeInTheDocument();
    const [refused] = await queueStore.listEntries();
    expect(refused).toMatchObject({ status: "failed", error: "Nur wer den Einsatz begonnen hat, kann ihn beenden." });

    await queueStore.updateEntry(refused!.id, (e) => ({ ...e, status: "pending" }));
    stubServer({ status: 401, body: { error: "unauthorized", message: "Bitte melden Sie sich an." } });
    await act(() => sync.synchronize("manual"));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(await screen.findByRole("heading", { name: "Einsätze – Anmelden" })).toBeInTheDocument();
    expect(await queueStore.listEntries()).toHaveLength(1);
  });
});
