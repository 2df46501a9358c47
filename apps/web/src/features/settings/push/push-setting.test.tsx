import { TENANT_NOTIFY_DEFAULTS, TENANT_NOTIFY_EVENT_LABELS, TENANT_NOTIFY_EVENTS } from "@mieter-portal/contracts";
import { FAKE_SUBSCRIPTION_JSON, installPushBrowser, removePushBrowser } from "@mieter-portal/ui/push/browser-fake";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { setManualOffline } from "@/lib/network";
import { listEntries } from "@/lib/offline/queue-store";
import { resetOfflineState, signInAs } from "@/lib/offline/testing";
import { createQueryClient } from "@/lib/query-client";
import { PushSetting } from "./push-setting";

// 65 bytes, base64url: the VAPID public key the server answers.
const VAPID_KEY = `B${"A".repeat(86)}`;

interface Device {
  id: string;
  label: string;
  created_at: string;
  last_seen_at: string;
}

/** The server's side as the routes answer (push-api.md): a PUT it accepted is what the next GET answers. */
function stubServer(devices: Device[] = []) {
  let events = structuredClone(TENANT_NOTIFY_DEFAULTS);
  let list = [...devices];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url.endsWith("/push/key")) return Response.json({ public_key: VAPID_KEY });
    if (url.endsWith("/push/subscription") && method === "PUT") {
      const device = {
        id: "dev-new",
        label: "Chrome auf Linux",
        created_at: "2026-12-07T04:00:00Z",
        last_seen_at: "2026-12-07T04:00:00Z",
      };
      list = [device, ...list];
      return Response.json(device);
    }
    if (url.endsWith("/push/devices")) return Response.json({ devices: list });
    if (url.includes("/push/devices/") && method === "DELETE") {
      list = list.filter((d) => !url.endsWith(`/${d.id}`));
      return new Response(null, { status: 204 });
    }
    if (url.endsWith("/push/preferences")) {
      if (method === "PUT") {
        const update = JSON.parse(String(init?.body)) as { events: Record<string, object> };
        for (const [event, channels] of Object.entries(update.events)) {
          events = { ...events, [event]: { ...events[event as keyof typeof events], ...channels } };
        }
      }
      return Response.json({ events });
    }
    return Response.json({ error: "not_found", message: "Nicht gefunden" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderSetting() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PushSetting />
      <Toaster />
    </QueryClientProvider>,
  );
}

const calls = (fetchMock: ReturnType<typeof stubServer>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === method)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

beforeEach(async () => {
  dismissToast();
  await resetOfflineState();
  signInAs("tenant-a");
});
afterEach(() => {
  removePushBrowser();
  vi.unstubAllGlobals();
});

describe("PushSetting: push on this device", () => {
  it("asks for permission only after the tap, subscribes with the server's key and registers the device", async () => {
    const browser = installPushBrowser();
    const fetchMock = stubServer();
    renderSetting();
    const button = await screen.findByRole("button", { name: "Push einschalten" });
    expect(screen.getByTestId("push-state")).toHaveTextContent("Nicht eingeschaltet");
    expect(browser.permissionRequests()).toBe(0);
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByTestId("push-state")).toHaveTextContent("Aktiv auf diesem Gerät"));
    expect(browser.permissionRequests()).toBe(1);
    const options = browser.subscribeOptions[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(calls(fetchMock, "PUT")).toEqual([
      { url: "/api/v1/tenant/push/subscription", body: { ...FAKE_SUBSCRIPTION_JSON, label: expect.any(String) } },
    ]);
    expect(await screen.findByText("Push eingeschaltet")).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("mp-push-device-id") ?? "null")).toEqual({
      tenant: "tenant-a",
      id: "dev-new",
    });
    expect(await screen.findByText(/Chrome auf Linux \(dieses Gerät\)/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Push einschalten" })).not.toBeInTheDocument();
  });

  it("says when the browser blocks push", async () => {
    installPushBrowser({ answer: "denied" });
    stubServer();
    renderSetting();
    await userEvent.click(await screen.findByRole("button", { name: "Push einschalten" }));
    await waitFor(() =>
      expect(screen.getByTestId("push-state")).toHaveTextContent("Blockiert in den Browsereinstellungen"),
    );
    expect(screen.getByText(/Erlauben Sie sie in den Einstellungen Ihres Browsers/)).toBeInTheDocument();
  });

  it("says when a browser cannot push, without a button", async () => {
    stubServer();
    renderSetting();
    expect(await screen.findByTestId("push-state")).toHaveTextContent("Auf diesem Gerät nicht unterstützt");
    expect(screen.queryByRole("button", { name: "Push einschalten" })).not.toBeInTheDocument();
  });

  it("on an iPhone in Safari (not from the home screen) explains 'Zum Home-Bildschirm hinzufügen'", async () => {
    const ua = vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 18_4)");
    installPushBrowser();
    stubServer();
    renderSetting();
    expect(await screen.findByTestId("push-state")).toHaveTextContent("Nur in der App vom Home-Bildschirm");
    expect(screen.getByText(/„Zum Home-Bildschirm hinzufügen“/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Push einschalten" })).not.toBeInTheDocument();
    ua.mockRestore();
  });
});

describe("PushSetting: e-mail and push per event", () => {
  it("lists the events in the contracts' order, notices first, with the defaults", async () => {
    stubServer();
    renderSetting();
    const groups = await screen.findAllByRole("group");
    expect(groups.map((group) => group.querySelector("legend")?.textContent)).toEqual(
      TENANT_NOTIFY_EVENTS.map((event) => TENANT_NOTIFY_EVENT_LABELS[event]),
    );
    const documents = within(screen.getByRole("group", { name: "Neue Dokumente" }));
    expect(documents.getByRole("switch", { name: "E-Mail" })).toBeChecked();
    expect(documents.getByRole("switch", { name: "Push" })).not.toBeChecked();
  });

  it("saves one switch with PUT of only that event and channel", async () => {
    const fetchMock = stubServer();
    renderSetting();
    const documents = within(await screen.findByRole("group", { name: "Neue Dokumente" }));
    await userEvent.click(documents.getByRole("switch", { name: "Push" }));
    expect(await screen.findByText("Ihre Einstellung wurde gespeichert.")).toBeInTheDocument();
    expect(calls(fetchMock, "PUT")).toEqual([
      { url: "/api/v1/tenant/push/preferences", body: { events: { document: { push: true } } } },
    ]);
    expect(documents.getByRole("switch", { name: "Push" })).toBeChecked();
  });

  it("offline, queues the change like the other settings and says it is saved later", async () => {
    const fetchMock = stubServer();
    renderSetting();
    const notices = within(await screen.findByRole("group", { name: "Aushänge und Störungen" }));
    await setManualOffline(true);
    await userEvent.click(notices.getByRole("switch", { name: "E-Mail" }));
    expect(
      await screen.findByText("Ihre Einstellung wird gespeichert, sobald wieder eine Verbindung besteht."),
    ).toBeInTheDocument();
    expect(calls(fetchMock, "PUT")).toEqual([]);
    const queued = await listEntries();
    expect(queued.map((change) => [change.url, change.data, change.label])).toEqual([
      [
        "/api/v1/tenant/push/preferences",
        { events: { notice: { email: false } } },
        "E-Mail für „Aushänge und Störungen“ ausschalten",
      ],
    ]);
    expect(notices.getByRole("switch", { name: "E-Mail" })).not.toBeChecked();
  });
});

describe("PushSetting: Meine Geräte", () => {
  it("marks this device and removes a device with DELETE", async () => {
    installPushBrowser({ permission: "granted", subscribed: true });
    localStorage.setItem("mp-push-device-id", JSON.stringify({ tenant: "tenant-a", id: "dev-2" }));
    const fetchMock = stubServer([
      { id: "dev-1", label: "iPhone", created_at: "2026-11-01T10:00:00Z", last_seen_at: "2026-12-06T10:00:00Z" },
      {
        id: "dev-2",
        label: "Chrome auf Linux",
        created_at: "2026-12-01T10:00:00Z",
        last_seen_at: "2026-12-07T10:00:00Z",
      },
    ]);
    renderSetting();
    expect(await screen.findByText("Chrome auf Linux (dieses Gerät)")).toBeInTheDocument();
    expect(screen.getByTestId("push-state")).toHaveTextContent("Aktiv auf diesem Gerät");
    await userEvent.click(screen.getByRole("button", { name: "iPhone entfernen" }));
    expect(await screen.findByText("Gerät entfernt")).toBeInTheDocument();
    expect(calls(fetchMock, "DELETE").map((call) => call.url)).toEqual(["/api/v1/tenant/push/devices/dev-1"]);
    await waitFor(() => expect(screen.queryByText("iPhone")).not.toBeInTheDocument());
  });

  it("removing this device turns push on this device off again: the server's device, the subscription and the state", async () => {
    const browser = installPushBrowser({ permission: "granted", subscribed: true });
    localStorage.setItem("mp-push-device-id", JSON.stringify({ tenant: "tenant-a", id: "dev-2" }));
    const fetchMock = stubServer([
      {
        id: "dev-2",
        label: "Chrome auf Linux",
        created_at: "2026-12-01T10:00:00Z",
        last_seen_at: "2026-12-07T10:00:00Z",
      },
    ]);
    renderSetting();
    expect(await screen.findByText("Chrome auf Linux (dieses Gerät)")).toBeInTheDocument();
    expect(screen.getByTestId("push-state")).toHaveTextContent("Aktiv auf diesem Gerät");
    expect(screen.queryByRole("button", { name: "Push einschalten" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Chrome auf Linux (dieses Gerät) entfernen" }));
    expect(await screen.findByText("Gerät entfernt")).toBeInTheDocument();
    expect(calls(fetchMock, "DELETE").map((call) => call.url)).toEqual(["/api/v1/tenant/push/devices/dev-2"]);
    await waitFor(() => expect(browser.unsubscribes()).toBe(1));
    expect(localStorage.getItem("mp-push-device-id")).toBeNull();
    expect(await screen.findByText("Noch kein Gerät erhält Push-Mitteilungen.")).toBeInTheDocument();
    // This device no longer receives push: the state says so and offers the button again.
    await waitFor(() => expect(screen.getByTestId("push-state")).toHaveTextContent("Nicht eingeschaltet"));
    expect(screen.getByRole("button", { name: "Push einschalten" })).toBeEnabled();
  });
});
