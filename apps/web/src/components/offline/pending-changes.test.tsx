import { act, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setManualOffline } from "@/lib/network";
import { discardEntry } from "@/lib/offline/actions";
import { enqueueChange } from "@/lib/offline/enqueue";
import { resetOfflineState, signInAs, TENANT_A, TENANT_B } from "@/lib/offline/testing";
import { PendingChanges } from "./pending-changes";

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
  await setManualOffline(true);
});

describe("PendingChanges", () => {
  it("shows the tenant's queued changes under the path as 'wartet auf Synchronisierung'", async () => {
    await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: { type: "other", location: "kitchen", description: "Spülmaschine läuft aus" },
      idempotencyKey: "r1",
      // As the repairs feature's declaration describes it (lib/changes).
      label: "Reparaturmeldung",
      detail: "Spülmaschine läuft aus",
    });
    await enqueueChange(
      {
        method: "POST",
        url: "/api/v1/tenant/repairs",
        data: { type: "other", location: "kitchen", description: "Nicht meins" },
        idempotencyKey: "r2",
      },
      TENANT_B,
    );
    await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/meter-readings",
      data: { waterReading: 12.5, readingDate: "2025-01-01" },
      idempotencyKey: "m1",
    });
    render(<PendingChanges urlPrefix="/api/tenant/repairs" />);
    const list = await screen.findByRole("list", { name: "Wartet auf Synchronisierung" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent("Reparaturmeldung");
    expect(items[0]).toHaveTextContent("Spülmaschine läuft aus");
    expect(items[0]).toHaveTextContent("wartet auf Synchronisierung");
  });

  it("hides changes lists do not show (marking read), and renders nothing when only those wait", async () => {
    await enqueueChange({
      method: "PATCH",
      url: "/api/v1/tenant/messages/t1/read",
      idempotencyKey: "read",
      // As the messages feature declares marking read: not listed.
      label: "Nachricht als gelesen markieren",
      listed: false,
    });
    const reply = await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/messages/t1/replies",
      data: { content: "Danke!" },
      idempotencyKey: "reply",
      label: "Antwort",
      detail: "Danke!",
    });
    const { container } = render(<PendingChanges urlPrefix="/api/v1/tenant/messages" />);
    // The queue has loaded once the listed change shows: the unlisted one is not beside it.
    const list = await screen.findByRole("list", { name: "Wartet auf Synchronisierung" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("Antwort")]);
    expect(list).not.toHaveTextContent("gelesen");
    // Only the unlisted change waits now: nothing shows.
    await act(() => discardEntry(reply.entryId));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
