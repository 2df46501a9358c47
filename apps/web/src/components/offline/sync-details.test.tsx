import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setManualOffline } from "@/lib/network";
import { enqueueChange } from "@/lib/offline/enqueue";
import { listEntries, updateEntry } from "@/lib/offline/queue-store";
import { jsonResponse, resetOfflineState, signInAs, TENANT_A, TENANT_B } from "@/lib/offline/testing";
import { SyncDetails } from "./sync-details";

function queueRepair(description: string, tenantId: string) {
  return enqueueChange(
    {
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: { type: "other", location: "kitchen", description },
      idempotencyKey: description,
      label: "Reparaturmeldung",
      detail: description,
    },
    tenantId,
  );
}

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
  await setManualOffline(true);
});
afterEach(async () => {
  // Unmount before the network flag changes back, or React sees an update outside act().
  cleanup();
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

describe("SyncDetails", () => {
  it("lists pending and failed changes with what, when and error; other accounts' changes apart", async () => {
    await queueRepair("Heizung kalt", TENANT_A);
    const refused = await queueRepair("Fenster undicht", TENANT_A);
    await updateEntry(refused.entryId, (e) => ({
      ...e,
      status: "failed",
      retryCount: 1,
      error: "Beschreibung zu kurz",
    }));
    await queueRepair("Von jemand anderem", TENANT_B);
    render(<SyncDetails />);

    const own = await screen.findByRole("region", { name: "Ausstehende Änderungen" });
    const items = await within(own).findAllByTestId("queue-entry");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Reparaturmeldung");
    expect(items[0]).toHaveTextContent("Heizung kalt");
    expect(items[0]).toHaveTextContent("wartet auf Synchronisierung");
    expect(items[0]).toHaveTextContent(/Erstellt: \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/);
    expect(items[1]).toHaveTextContent("fehlgeschlagen");
    expect(items[1]).toHaveTextContent("1 Versuch");
    expect(items[1]).toHaveTextContent("Fehler: Beschreibung zu kurz");
    expect(screen.getByTestId("sync-queue-length")).toHaveTextContent("2");
    expect(screen.getByTestId("sync-last")).toHaveTextContent("Noch nie");
    expect(screen.getByTestId("sync-state")).toHaveTextContent("Wartet auf Internetverbindung");

    const others = screen.getByRole("region", { name: "Änderungen eines anderen Kontos" });
    expect(within(others).getByText("Von jemand anderem")).toBeInTheDocument();
    // Another account's change can only be discarded.
    expect(within(others).queryByRole("button", { name: /erneut versuchen/ })).not.toBeInTheDocument();
    expect(within(others).getByRole("button", { name: "Reparaturmeldung: verwerfen" })).toBeInTheDocument();
    // Offline, retrying makes no sense.
    expect(within(items[1]!).getByRole("button", { name: "Reparaturmeldung: erneut versuchen" })).toBeDisabled();
  });

  it("'Verwerfen' asks, then removes the change for good", async () => {
    await queueRepair("Weg damit", TENANT_A);
    render(<SyncDetails />);
    await userEvent.click(await screen.findByRole("button", { name: "Reparaturmeldung: verwerfen" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Änderung verwerfen?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Verwerfen" }));
    expect(await screen.findByText("Alle Änderungen sind synchronisiert.")).toBeInTheDocument();
    expect(await listEntries()).toEqual([]);
  });

  it("'Erneut versuchen' sends a refused change again once online", async () => {
    const refused = await queueRepair("Nochmal", TENANT_A);
    await updateEntry(refused.entryId, (e) => ({ ...e, status: "failed", retryCount: 1, error: "Kurz" }));
    const fetchMock = vi.fn(async () => jsonResponse(201, { id: "r1" }));
    vi.stubGlobal("fetch", fetchMock);
    await setManualOffline(false);
    render(<SyncDetails />);
    await userEvent.click(await screen.findByRole("button", { name: "Reparaturmeldung: erneut versuchen" }));
    expect(await screen.findByText("Alle Änderungen sind synchronisiert.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("sync-last")).not.toHaveTextContent("Noch nie");
  });
});
