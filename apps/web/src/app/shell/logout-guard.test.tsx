import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Button } from "@/components/ui/button";
import { setManualOffline } from "@/lib/network";
import { enqueueChange } from "@/lib/offline/enqueue";
import { listEntries } from "@/lib/offline/queue-store";
import { resetOfflineState, signInAs, TENANT_A, TENANT_B } from "@/lib/offline/testing";
import { useLogoutGuard } from "./logout-guard";

function LogoutButton({ logout }: { logout: () => Promise<void> }) {
  const { requestLogout, dialog } = useLogoutGuard(logout);
  return (
    <>
      <Button onClick={requestLogout}>Abmelden</Button>
      {dialog}
    </>
  );
}

function queueRepair(description: string, tenantId: string) {
  return enqueueChange(
    {
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: { type: "other", location: "kitchen", description },
      idempotencyKey: description,
    },
    tenantId,
  );
}

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
  await setManualOffline(true);
});

describe("logging out with unsynced changes", () => {
  it("logs out at once when nothing waits", async () => {
    const logout = vi.fn(async () => {});
    await queueRepair("fremd", TENANT_B);
    render(<LogoutButton logout={logout} />);
    await userEvent.click(screen.getByRole("button", { name: "Abmelden" }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("offers the safe choice first and most prominent, the destructive one second and quieter (issue 12)", async () => {
    await queueRepair("eins", TENANT_A);
    render(<LogoutButton logout={vi.fn(async () => {})} />);
    await userEvent.click(screen.getByRole("button", { name: "Abmelden" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Nicht synchronisierte Änderungen" });
    const [first, second] = within(dialog).getAllByRole("button");
    expect(first).toHaveTextContent("Abbrechen");
    expect(second).toHaveTextContent("Trotzdem abmelden");
    // A filled button for staying, an outlined one for losing the changes (never a red filled one).
    expect(first).toHaveClass("bg-primary");
    expect(second).toHaveClass("border", "bg-card");
    expect(second).not.toHaveClass("bg-destructive");
    // Stacked on phones in that order (not reversed, which would put the destructive one on top).
    expect(first?.parentElement).toHaveClass("flex-col");
    expect(first?.parentElement).not.toHaveClass("flex-col-reverse");
  });

  it("asks first and says how many would be lost; 'Abbrechen' keeps everything", async () => {
    const logout = vi.fn(async () => {});
    await queueRepair("eins", TENANT_A);
    await queueRepair("zwei", TENANT_A);
    render(<LogoutButton logout={logout} />);
    await userEvent.click(screen.getByRole("button", { name: "Abmelden" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Nicht synchronisierte Änderungen" });
    expect(dialog).toHaveTextContent(
      "2 Änderungen wurden noch nicht an den Server übertragen. Wenn Sie sich jetzt abmelden, gehen sie verloren.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Abbrechen" }));
    expect(logout).not.toHaveBeenCalled();
    expect(await listEntries()).toHaveLength(2);
  });

  it("'Trotzdem abmelden' discards the tenant's changes, keeps another tenant's and logs out", async () => {
    const logout = vi.fn(async () => {});
    await queueRepair("meins", TENANT_A);
    await queueRepair("fremd", TENANT_B);
    render(<LogoutButton logout={logout} />);
    await userEvent.click(screen.getByRole("button", { name: "Abmelden" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "1 Änderung wurde noch nicht an den Server übertragen.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Trotzdem abmelden" }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect((await listEntries()).map((e) => e.tenantId)).toEqual([TENANT_B]);
  });
});
