import { deviceLabelOf } from "@mieter-portal/contracts";
import { pushSupport } from "@mieter-portal/ui/push/browser";
import { installPushBrowser, removePushBrowser } from "@mieter-portal/ui/push/browser-fake";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAs } from "@/lib/offline/testing";
import { removeThisDevice, renewPushSubscription, storedDeviceId } from "./device";

afterEach(() => {
  removePushBrowser();
  vi.unstubAllGlobals();
});

function stubServer() {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
    init?.method === "DELETE"
      ? new Response(null, { status: 204 })
      : Response.json({ id: "dev-1", label: "Chrome auf Linux", created_at: "2026-12-01", last_seen_at: "2026-12-07" }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("push on this device", () => {
  it("names the device from the browser", () => {
    expect(deviceLabelOf("Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit Safari/604.1")).toBe(
      "iPhone",
    );
    expect(deviceLabelOf("Mozilla/5.0 (Linux; Android 14) AppleWebKit Chrome/131.0 Mobile Safari/537.36")).toBe(
      "Chrome auf Android",
    );
    expect(deviceLabelOf("Mozilla/5.0 (Windows NT 10.0) AppleWebKit Chrome/131.0 Safari/537.36 Edg/131.0")).toBe(
      "Edge auf Windows",
    );
    expect(deviceLabelOf("")).toBe("Unbekanntes Gerät");
  });

  it("says an iPhone's Safari tab needs the home screen, and a browser without push is unsupported", () => {
    expect(pushSupport()).toBe("unsupported");
    const ua = vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 18_4)");
    installPushBrowser();
    expect(pushSupport()).toBe("needs-home-screen");
    ua.mockRestore();
    expect(pushSupport()).toBe("supported");
  });

  it("renews a granted subscription at start with PUT, and does nothing without one", async () => {
    signInAs("tenant-a");
    const browser = installPushBrowser({ permission: "granted", subscribed: true });
    const fetchMock = stubServer();
    await renewPushSubscription();
    expect(fetchMock).not.toHaveBeenCalled(); // no device id kept: never subscribed through the app here
    // Subscribed here by another tenant: not renewed for this one (the endpoint would become theirs).
    localStorage.setItem("mp-push-device-id", JSON.stringify({ tenant: "tenant-b", id: "dev-0" }));
    await renewPushSubscription();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storedDeviceId()).toBeNull();
    localStorage.setItem("mp-push-device-id", JSON.stringify({ tenant: "tenant-a", id: "dev-1" }));
    await renewPushSubscription();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/v1/tenant/push/subscription");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toMatchObject({ endpoint: "https://push.example/send/abc" });
    browser.setSubscribed(false);
    fetchMock.mockClear();
    await renewPushSubscription();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("at sign-out removes this device on the server with the old token, then the browser's subscription", async () => {
    const browser = installPushBrowser({ permission: "granted", subscribed: true });
    const fetchMock = stubServer();
    localStorage.setItem("mp-push-device-id", JSON.stringify({ tenant: "tenant-a", id: "dev-1" }));
    await removeThisDevice("old-token");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/v1/tenant/push/devices/dev-1");
    expect(init?.method).toBe("DELETE");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer old-token");
    expect(browser.unsubscribes()).toBe(1);
    expect(localStorage.getItem("mp-push-device-id")).toBeNull();
  });
});
