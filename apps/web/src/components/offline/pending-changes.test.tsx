import { act, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setManualOffline } from "@/lib/network";
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

  it("renders nothing when nothing waits, and hides changes lists do not show (marking read)", async () => {
    await enqueueChange({
      method: "PATCH",
      url: "/api/v1/tenant/messages/t1/read",
      idempotencyKey: "read",
      // As the messages feature declares marking read: not listed.
      label: "Nachricht als gelesen markieren",
      listed: false,
    });
    const { container } = render(<PendingChanges urlPrefix="/api/v1/tenant/messages" />);
    // Let the queue load (it holds the unlisted entry).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container).toBeEmptyDOMElement();
  });
});
