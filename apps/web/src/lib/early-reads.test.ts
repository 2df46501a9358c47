import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getQueryFn, startEarlyReads } from "@/lib/api/query-fn";
import { clearSession, writeSession } from "@/lib/session";
import { adoptStartReads, clearEarlyReads, EARLY_READ_TTL_MS, takeEarlyRead } from "./early-reads";
import { initNetwork, setManualOffline } from "./network";

function countingFetch() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json({ path: String(input) }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const read = (queryClient: QueryClient, path: string) =>
  queryClient.fetchQuery({ queryKey: [path], queryFn: getQueryFn({ on401: "throw" }), staleTime: 0 });

afterEach(async () => {
  vi.unstubAllGlobals();
  clearEarlyReads();
  clearSession();
  await setManualOffline(false);
});

describe("early reads (issue 13)", () => {
  it("are sent at once and answer the first query of the same path instead of a second request", async () => {
    const fetchMock = countingFetch();
    writeSession("token-a");
    startEarlyReads(["/api/v1/auth/user", "/api/v1/config"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("Authorization")).toBe("Bearer token-a");

    const queryClient = new QueryClient();
    expect(await read(queryClient, "/api/v1/auth/user")).toEqual({ path: "/api/v1/auth/user" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: the next read of that path asks the server again.
    await read(queryClient, "/api/v1/auth/user");
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("is not sent twice for a path still waiting to be taken", () => {
    const fetchMock = countingFetch();
    startEarlyReads(["/api/v1/config"]);
    startEarlyReads(["/api/v1/config"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("is not handed to another session, nor after its time", () => {
    countingFetch();
    writeSession("token-a");
    startEarlyReads(["/api/v1/auth/user"]);
    expect(takeEarlyRead("/api/v1/auth/user", "token-b")).toBeNull();
    // Gone after that attempt too: nothing read for one session waits around.
    expect(takeEarlyRead("/api/v1/auth/user", "token-a")).toBeNull();

    startEarlyReads(["/api/v1/auth/user"]);
    expect(takeEarlyRead("/api/v1/auth/user", "token-a", Date.now() + EARLY_READ_TTL_MS + 1)).toBeNull();
  });

  it("sends nothing offline", async () => {
    const fetchMock = countingFetch();
    await setManualOffline(true);
    startEarlyReads(["/api/v1/config"]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("take the reads the start script sent before the app's JavaScript arrived, and close the door behind them", async () => {
    const fetchMock = countingFetch();
    writeSession("token-a");
    const sent = Response.json({ from: "start script" });
    const scope: { __mpStartReads?: [string, string, Promise<Response | undefined>][] } = {
      __mpStartReads: [["/api/v1/auth/user", "token-a", Promise.resolve(sent)]],
    };
    adoptStartReads(scope);
    // Closed: a start script that runs only now sends nothing (it looks for this before it sends).
    expect(scope.__mpStartReads).toEqual([]);
    // The app's own early reads skip what the start script sent.
    startEarlyReads(["/api/v1/auth/user", "/api/v1/config"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/v1/config");
    expect(await read(new QueryClient(), "/api/v1/auth/user")).toEqual({ from: "start script" });
  });

  it("do not take a start script's read made with another token", () => {
    countingFetch();
    const scope: { __mpStartReads?: [string, string, Promise<Response | undefined>][] } = {
      __mpStartReads: [["/api/v1/auth/user", "old-token", Promise.resolve(undefined)]],
    };
    adoptStartReads(scope);
    expect(takeEarlyRead("/api/v1/auth/user", "token-a")).toBeNull();
  });
});

describe("the offline switch's mirror for the start script (decision 022)", () => {
  it("is written to browser storage at start and whenever the switch changes", async () => {
    window.localStorage.removeItem("mieter_portal_offline_mode");
    await initNetwork();
    // Nothing saved: the switch is off, and the mirror says so.
    expect(window.localStorage.getItem("mieter_portal_offline_mode")).toBe("false");
    await setManualOffline(true);
    expect(window.localStorage.getItem("mieter_portal_offline_mode")).toBe("true");
    await setManualOffline(false);
    expect(window.localStorage.getItem("mieter_portal_offline_mode")).toBe("false");
  });
});
