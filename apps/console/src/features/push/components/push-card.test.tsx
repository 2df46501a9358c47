import { STAFF_PUSH_DEFAULTS, type StaffPushPreferences } from "@mieter-portal/contracts";
import type { StaffProfile } from "@mieter-portal/contracts/staff";
import {
  FAKE_SUBSCRIPTION_JSON,
  type FakePushBrowser,
  installPushBrowser,
  removePushBrowser,
} from "@mieter-portal/ui/push/browser-fake";
import { Toaster } from "@mieter-portal/ui/toaster";
import { dismissToast } from "@mieter-portal/ui/use-toast";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { createQueryClient } from "@/lib/query-client";
import { renewPushSubscription } from "../device";
import { PushCard } from "./push-card";

const ME: StaffProfile = {
  id: "s2",
  email: "verwalter@example.com",
  name: "Sabine Krüger",
  role: "verwalter",
  buildings: [],
  totp_enabled: false,
  notify_new_items: true,
};

// 65 bytes, base64url: the VAPID public key the server answers.
const VAPID_KEY = `B${"A".repeat(86)}`;

interface Device {
  id: string;
  label: string;
  created_at: string;
  last_seen_at: string;
}

const OTHER_DEVICE: Device = {
  id: "dev-old",
  label: "Firefox auf Windows",
  created_at: "2026-11-02T08:00:00Z",
  last_seen_at: "2026-12-01T08:00:00Z",
};

/**
 * The server's side as apps/server/src/routes/staff/push.ts and push-devices.ts answer: what a PUT
 * stored is what the next GET answers; `refuse` makes the preferences' PUT fail as a server error would.
 */
function stubServer(devices: Device[] = [], { refuse = false } = {}) {
  let events: StaffPushPreferences["events"] = { ...STAFF_PUSH_DEFAULTS };
  let list = [...devices];
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const path = new URL(input, "http://localhost").pathname.replace(/^\/api\/v1/, "");
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (path === "/staff/push/key") return Response.json({ public_key: VAPID_KEY });
      if (path === "/staff/push/subscription" && method === "PUT") {
        const device = {
          id: "dev-new",
          label: body.label,
          created_at: "2026-12-07T08:00:00Z",
          last_seen_at: "2026-12-07T08:00:00Z",
        };
        list = [device, ...list.filter((d) => d.id !== device.id)];
        return Response.json(device);
      }
      if (path === "/staff/push/devices") return Response.json({ devices: list });
      if (path.startsWith("/staff/push/devices/") && method === "DELETE") {
        list = list.filter((d) => !path.endsWith(`/${d.id}`));
        return new Response(null, { status: 204 });
      }
      if (path === "/staff/push/preferences") {
        if (method === "PUT") {
          if (refuse) return Response.json({ error: "internal", message: "Interner Fehler." }, { status: 500 });
          events = { ...events, ...body.events };
        }
        return Response.json({ events });
      }
      return Response.json({ error: "not_found", message: "Nicht gefunden." }, { status: 404 });
    }),
  );
  return { calls, put: () => calls.filter((c) => c.method !== "GET") };
}

function renderCard(showMutationError: (message: string) => void = () => {}) {
  render(
    <QueryClientProvider client={createQueryClient(showMutationError)}>
      <MeContext.Provider value={ME}>
        <PushCard />
      </MeContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return screen.getByRole("region", { name: "Push-Benachrichtigungen" });
}

const CONSOLE_SCOPE = `${window.location.origin}/verwaltung/`;
let browser: FakePushBrowser | null = null;

beforeEach(() => dismissToast());
afterEach(() => {
  removePushBrowser();
  browser = null;
});

describe("Push-Benachrichtigungen in the Profil", () => {
  it("asks for permission only after the tap, registers the console's worker, subscribes and registers the device", async () => {
    browser = installPushBrowser();
    const server = stubServer([OTHER_DEVICE]);
    const card = renderCard();
    const toggle = await within(card).findByRole("switch", { name: "Push auf diesem Gerät" });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Ihr Browser fragt nach der Erlaubnis/);
    expect(within(card).getByTestId("push-state")).toHaveTextContent("Nicht eingeschaltet");
    expect(await within(card).findByText("Firefox auf Windows")).toBeInTheDocument();
    expect(browser.permissionRequests()).toBe(0);
    expect(browser.registered).toEqual([]);

    await userEvent.click(toggle);
    await waitFor(() => expect(within(card).getByTestId("push-state")).toHaveTextContent("Aktiv auf diesem Gerät"));
    expect(toggle).toBeChecked();
    expect(browser.permissionRequests()).toBe(1);
    // The console's own push worker, scoped to the console (not the tenant app's worker at /).
    expect(browser.registered).toEqual([{ script: "/verwaltung/push-sw.js", scope: CONSOLE_SCOPE }]);
    const options = browser.subscribeOptions[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(server.put()).toEqual([
      {
        method: "PUT",
        path: "/staff/push/subscription",
        body: { ...FAKE_SUBSCRIPTION_JSON, label: expect.any(String) },
      },
    ]);
    expect(await screen.findByText("Push eingeschaltet")).toBeInTheDocument();
    expect(await within(card).findByText(/\(dieses Gerät\)$/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("mp-staff-push-device-id") ?? "null")).toEqual({
      staff: "s2",
      id: "dev-new",
    });
  });

  it("explains when the browser blocked push, and asks again only on the next tap", async () => {
    browser = installPushBrowser({ answer: "denied" });
    const server = stubServer();
    const card = renderCard();
    await userEvent.click(await within(card).findByRole("switch", { name: "Push auf diesem Gerät" }));
    await waitFor(() =>
      expect(within(card).getByTestId("push-state")).toHaveTextContent("Blockiert in den Browsereinstellungen"),
    );
    const toggle = within(card).getByRole("switch", { name: "Push auf diesem Gerät" });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Ihr Browser hat Mitteilungen für diese Seite blockiert/);
    expect(browser.subscribeOptions).toEqual([]);
    expect(server.put()).toEqual([]);
    expect(browser.permissionRequests()).toBe(1);
  });

  it("says when the browser cannot push, and the switch cannot be turned on", async () => {
    stubServer();
    const card = renderCard();
    expect(await within(card).findByTestId("push-state")).toHaveTextContent("Auf diesem Gerät nicht unterstützt");
    expect(within(card).getByRole("switch", { name: "Push auf diesem Gerät" })).toBeDisabled();
  });

  it("saves each event's switch", async () => {
    browser = installPushBrowser();
    const server = stubServer();
    const card = renderCard();
    const overdue = await within(card).findByRole("switch", { name: "Überfällige Einträge" });
    expect(overdue).not.toBeChecked();
    expect(within(card).getByRole("switch", { name: "Neue Notfall-Reparaturen in meinen Gebäuden" })).toBeChecked();
    await userEvent.click(overdue);
    await waitFor(() => expect(server.put()).toHaveLength(1));
    expect(server.put()[0]).toEqual({
      method: "PUT",
      path: "/staff/push/preferences",
      body: { events: { overdue: true } },
    });
    expect(await screen.findByText("Einstellung gespeichert")).toBeInTheDocument();
    expect(overdue).toBeChecked();
  });

  it("puts a switch back when the server refuses the change", async () => {
    browser = installPushBrowser();
    const server = stubServer([], { refuse: true });
    const shownError = vi.fn();
    const card = renderCard(shownError);
    const assigned = await within(card).findByRole("switch", { name: "Mir zugewiesene Einträge" });
    expect(assigned).toBeChecked();
    await userEvent.click(assigned);
    await waitFor(() => expect(shownError).toHaveBeenCalledWith("Interner Fehler."));
    expect(server.put()).toEqual([
      { method: "PUT", path: "/staff/push/preferences", body: { events: { assigned_to_me: false } } },
    ]);
    await waitFor(() => expect(assigned).toBeChecked());
    expect(screen.queryByText("Einstellung gespeichert")).not.toBeInTheDocument();
  });

  it("removes a device from the list; removing this device also drops the browser's subscription", async () => {
    browser = installPushBrowser({ permission: "granted", subscribed: true, scope: CONSOLE_SCOPE });
    localStorage.setItem("mp-staff-push-device-id", JSON.stringify({ staff: "s2", id: "dev-new" }));
    const server = stubServer([{ ...OTHER_DEVICE, id: "dev-new", label: "Chrome auf Linux" }, OTHER_DEVICE]);
    const card = renderCard();
    await waitFor(() => expect(within(card).getByTestId("push-state")).toHaveTextContent("Aktiv auf diesem Gerät"));

    await userEvent.click(await within(card).findByRole("button", { name: "Firefox auf Windows entfernen" }));
    await waitFor(() => expect(within(card).queryByText("Firefox auf Windows")).not.toBeInTheDocument());
    expect(server.put()).toEqual([{ method: "DELETE", path: "/staff/push/devices/dev-old", body: undefined }]);
    expect(browser.unsubscribes()).toBe(0);

    await userEvent.click(within(card).getByRole("button", { name: "Chrome auf Linux (dieses Gerät) entfernen" }));
    expect(await within(card).findByText("Noch kein Gerät erhält Push-Mitteilungen.")).toBeInTheDocument();
    expect(server.put().at(-1)).toEqual({ method: "DELETE", path: "/staff/push/devices/dev-new", body: undefined });
    await waitFor(() => expect(browser?.unsubscribes()).toBe(1));
    expect(localStorage.getItem("mp-staff-push-device-id")).toBeNull();
    // This device no longer receives push: its switch is off again.
    await waitFor(() => expect(within(card).getByTestId("push-state")).toHaveTextContent("Nicht eingeschaltet"));
    expect(within(card).getByRole("switch", { name: "Push auf diesem Gerät" })).not.toBeChecked();
  });
});

describe("renewing at the console's start", () => {
  it("PUTs the subscription again when this staff member's device is subscribed with the console's worker", async () => {
    browser = installPushBrowser({ permission: "granted", subscribed: true, scope: CONSOLE_SCOPE });
    localStorage.setItem("mp-staff-push-device-id", JSON.stringify({ staff: "s2", id: "dev-new" }));
    const server = stubServer();
    await renewPushSubscription("s2");
    expect(server.put()).toEqual([
      {
        method: "PUT",
        path: "/staff/push/subscription",
        body: { ...FAKE_SUBSCRIPTION_JSON, label: expect.any(String) },
      },
    ]);
    expect(browser.registered).toEqual([{ script: "/verwaltung/push-sw.js", scope: CONSOLE_SCOPE }]);
  });

  it("leaves alone another staff member's device, the tenant app's worker and a browser without permission", async () => {
    localStorage.setItem("mp-staff-push-device-id", JSON.stringify({ staff: "s2", id: "dev-new" }));
    const server = stubServer();
    await renewPushSubscription("s9");
    // Only the tenant app's worker (scope /) holds a subscription here: it is the tenant's.
    browser = installPushBrowser({ permission: "granted", subscribed: true });
    localStorage.setItem("mp-staff-push-device-id", JSON.stringify({ staff: "s2", id: "dev-new" }));
    await renewPushSubscription("s2");
    expect(browser.registered).toEqual([]);
    browser = installPushBrowser({ permission: "default", subscribed: true, scope: CONSOLE_SCOPE });
    localStorage.setItem("mp-staff-push-device-id", JSON.stringify({ staff: "s2", id: "dev-new" }));
    await renewPushSubscription("s2");
    expect(server.calls).toEqual([]);
  });
});
