import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, buildApiError, parseRetryAfter } from "@/lib/api/errors";
import { getQueryFn, OfflineDataUnavailableError } from "@/lib/api/query-fn";
import { apiRequest } from "@/lib/api/request";
import { pathFromQueryKey, resolveApiUrl } from "@/lib/api/urls";
import { clearSession, writeSession } from "@/lib/session";
import { apiUpload } from "../api-upload";
import { setManualOffline } from "../network";
import { getPageQueryFn, pagePath } from "../paged-list";
import { STORAGE_KEYS } from "../storage";

function mockFetch(response: Response) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe("resolveApiUrl", () => {
  it("moves /api/ and /api/v1/ paths onto the configured base", () => {
    expect(resolveApiUrl("/api/auth/login", "/api/v1")).toBe("/api/v1/auth/login");
    expect(resolveApiUrl("/api/v1/tenant/messages", "/api/v1")).toBe("/api/v1/tenant/messages");
    expect(resolveApiUrl("/api/tenant/payments/current", "https://api.example.com/v1/")).toBe(
      "https://api.example.com/v1/tenant/payments/current",
    );
    expect(resolveApiUrl("/api/v1/tenant/messages?filter=unread", "https://x.test/base")).toBe(
      "https://x.test/base/tenant/messages?filter=unread",
    );
  });

  it("does not touch other paths or look-alikes", () => {
    expect(resolveApiUrl("/apiary/x", "/api/v1")).toBe("/apiary/x");
    expect(resolveApiUrl("/assets/logo.svg", "/api/v1")).toBe("/assets/logo.svg");
    expect(resolveApiUrl("https://other.test/api/x", "/api/v1")).toBe("https://other.test/api/x");
  });
});

describe("buildApiError", () => {
  it("is 'status: body' and keeps the API's code, message and fields", () => {
    const body = JSON.stringify({ error: "validation_failed", message: "Bitte prüfen.", fields: { email: "falsch" } });
    const error = buildApiError(400, "Bad Request", body);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.message).toBe(`400: ${body}`);
    expect(error.status).toBe(400);
    expect(error.code).toBe("validation_failed");
    expect(error.apiMessage).toBe("Bitte prüfen.");
    expect(error.fields).toEqual({ email: "falsch" });
  });

  it("uses the plain body text, or the status text when the body is empty", () => {
    expect(buildApiError(502, "Bad Gateway", "upstream down").message).toBe("502: upstream down");
    expect(buildApiError(503, "Service Unavailable", "").message).toBe("503: Service Unavailable");
    expect(buildApiError(500, "", "").code).toBeNull();
  });
});

describe("pathFromQueryKey", () => {
  it("takes the path from the first key and parameters from a second object", () => {
    expect(pathFromQueryKey(["/api/v1/tenant/messages"])).toBe("/api/v1/tenant/messages");
    expect(pathFromQueryKey(["/api/v1/tenant/messages", { filter: "unread" }])).toBe(
      "/api/v1/tenant/messages?filter=unread",
    );
    expect(pathFromQueryKey(["/api/v1/tenant/finances", { year: 2024, x: undefined }])).toBe(
      "/api/v1/tenant/finances?year=2024",
    );
  });

  it("refuses a key without a path", () => {
    expect(() => pathFromQueryKey([42])).toThrow();
  });
});

describe("requests", () => {
  it("sends X-API-Key, the bearer token and JSON", async () => {
    const fetchMock = mockFetch(new Response("{}", { status: 200 }));
    writeSession("t.o.k");
    await apiRequest("POST", "/api/tenant/appointments", { type: "other" });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(url).toBe("/api/v1/tenant/appointments");
    expect(headers.get("X-API-Key")).toBe("mp-web-client-2025");
    expect(headers.get("Authorization")).toBe("Bearer t.o.k");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe('{"type":"other"}');
  });

  it("falls back to the browser-storage token, then the legacy key", async () => {
    const fetchMock = mockFetch(new Response("{}", { status: 200 }));
    localStorage.setItem("auth_token", "legacy.token.x");
    await apiRequest("POST", "/api/auth/logout");
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("Authorization")).toBe("Bearer legacy.token.x");
    localStorage.setItem(STORAGE_KEYS.authToken, "current.token.x");
    await apiRequest("POST", "/api/auth/logout");
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get("Authorization")).toBe("Bearer current.token.x");
  });

  it("sends no Authorization header without a token and no body without payload", async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await apiRequest("POST", "/api/auth/logout");
    const init = fetchMock.mock.calls[0]![1];
    expect(new Headers(init?.headers).has("Authorization")).toBe(false);
    expect(init?.body).toBeUndefined();
  });

  it("throws 'status: body' on a non-ok answer", async () => {
    mockFetch(new Response("kaputt", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("POST", "/api/x")).rejects.toThrow("500: kaputt");
  });

  it("a 401 on a query throws by default and gives null in the alternative mode", async () => {
    const body = JSON.stringify({ error: "unauthorized", message: "Bitte melden Sie sich an." });
    const context = { queryKey: ["/api/v1/auth/user"], signal: new AbortController().signal } as never;
    mockFetch(new Response(body, { status: 401 }));
    await expect(getQueryFn({ on401: "throw" })(context)).rejects.toMatchObject({ status: 401, code: "unauthorized" });
    mockFetch(new Response(body, { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(context)).resolves.toBeNull();
  });

  it("a query GETs the path of its first key and returns the JSON", async () => {
    const fetchMock = mockFetch(Response.json([{ id: "1" }]));
    const context = {
      queryKey: ["/api/v1/tenant/messages", { filter: "all" }],
      signal: new AbortController().signal,
    } as never;
    await expect(getQueryFn({ on401: "throw" })(context)).resolves.toEqual([{ id: "1" }]);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/v1/tenant/messages?filter=all");
    expect(fetchMock.mock.calls[0]![1]?.method).toBe("GET");
  });
});

describe("offline reads", () => {
  afterEach(async () => {
    await setManualOffline(false);
  });

  function contextFor(queryKey: unknown[], client: QueryClient) {
    return { queryKey, signal: new AbortController().signal, client, meta: undefined } as never;
  }

  it("offline: answers from the cached copy without a request", async () => {
    const fetchMock = mockFetch(Response.json([]));
    const client = new QueryClient();
    client.setQueryData(["/api/v1/tenant/documents"], [{ id: "d1" }]);
    await setManualOffline(true);
    await expect(getQueryFn({ on401: "throw" })(contextFor(["/api/v1/tenant/documents"], client))).resolves.toEqual([
      { id: "d1" },
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offline without a cached copy: fails with the no-data message for that resource", async () => {
    mockFetch(Response.json([]));
    await setManualOffline(true);
    // The read names its resource itself (features declare it with lib/reads); nothing guesses it from the path.
    const noData = async (path: string, resource?: string) => {
      const read = getQueryFn({ on401: "throw", resource })(contextFor([path], new QueryClient()));
      const error = await (read as Promise<unknown>).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OfflineDataUnavailableError);
      return (error as Error).message;
    };
    expect(await noData("/api/v1/tenant/documents", "Dokumente")).toBe(
      "Keine Daten im Offline-Modus verfügbar: Dokumente",
    );
    expect(await noData("/api/tenant/meter-readings", "Zählerstände")).toBe(
      "Keine Daten im Offline-Modus verfügbar: Zählerstände",
    );
    expect(await noData("/api/v1/auth/user", "Profil")).toBe("Keine Daten im Offline-Modus verfügbar: Profil");
    // A read without a name says its path.
    expect(await noData("/api/v1/somewhere/else?x=1")).toBe(
      "Keine Daten im Offline-Modus verfügbar: /api/v1/somewhere/else",
    );
  });

  it("online but the network fails: the cached copy, else the no-data message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const client = new QueryClient();
    client.setQueryData(["/api/v1/tenant/repairs"], [{ id: "r1" }]);
    await expect(getQueryFn({ on401: "throw" })(contextFor(["/api/v1/tenant/repairs"], client))).resolves.toEqual([
      { id: "r1" },
    ]);
    await expect(
      getQueryFn({ on401: "throw", resource: "Termine" })(contextFor(["/api/v1/tenant/appointments"], client)),
    ).rejects.toThrow("Keine Daten im Offline-Modus verfügbar: Termine");
  });
});

describe("Retry-After of a 429 (issue 10)", () => {
  it("reads seconds or an HTTP date as milliseconds from now; nothing usable gives null", () => {
    const now = Date.parse("2026-11-23T10:00:00.000Z");
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Mon, 23 Nov 2026 10:02:00 GMT", now)).toBe(120_000);
    expect(parseRetryAfter("Mon, 23 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter("bald", now)).toBeNull();
    expect(parseRetryAfter("-5", now)).toBeNull();
  });

  it("keeps it on the error of a fetch and of an upload", async () => {
    mockFetch(
      Response.json(
        { error: "too_many_requests", message: "Zu viele Anfragen." },
        { status: 429, headers: { "Retry-After": "12" } },
      ),
    );
    const error = await apiRequest("POST", "/api/v1/tenant/repairs", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 12_000, apiMessage: "Zu viele Anfragen." });
    expect(buildApiError(500, "Error", "").retryAfterMs).toBeNull();

    class TooManyXhr {
      status = 429;
      statusText = "Too Many Requests";
      responseText = JSON.stringify({ error: "quota_exceeded", message: "Zu viele Einträge." });
      upload = {};
      withCredentials = false;
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      getAllResponseHeaders() {
        return "content-type: application/json\r\nretry-after: 7\r\n";
      }
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal("XMLHttpRequest", TooManyXhr);
    const uploadError = await apiUpload("POST", "/api/v1/tenant/documents", new FormData()).catch((e: unknown) => e);
    expect(uploadError).toMatchObject({ status: 429, retryAfterMs: 7000, code: "quota_exceeded" });
  });
});

describe("list pages (decision 007)", () => {
  afterEach(async () => {
    await setManualOffline(false);
  });

  const key = ["/api/v1/tenant/messages", { filter: "all" }, "pages"];
  function pageContext(client: QueryClient, pageParam: string | null) {
    return { queryKey: key, pageParam, signal: new AbortController().signal, client, meta: undefined } as never;
  }

  it("asks for the page behind the cursor and hands on the X-Next-Cursor header", async () => {
    expect(pagePath(key, null)).toBe("/api/v1/tenant/messages?filter=all");
    expect(pagePath(key, "ab-_9")).toBe("/api/v1/tenant/messages?filter=all&cursor=ab-_9");
    expect(pagePath(["/api/v1/tenant/repairs", {}, "pages"], "x")).toBe("/api/v1/tenant/repairs?cursor=x");

    const fetchMock = mockFetch(Response.json([{ id: "t3" }], { headers: { "X-Next-Cursor": "next-4" } }));
    await expect(getPageQueryFn()(pageContext(new QueryClient(), "c3"))).resolves.toEqual({
      items: [{ id: "t3" }],
      nextCursor: "next-4",
    });
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/v1/tenant/messages?filter=all&cursor=c3");

    mockFetch(Response.json([{ id: "t9" }]));
    await expect(getPageQueryFn()(pageContext(new QueryClient(), "c9"))).resolves.toEqual({
      items: [{ id: "t9" }],
      nextCursor: null,
    });
  });

  it("offline answers each page from the cached one with the same cursor, else the no-data message", async () => {
    const fetchMock = mockFetch(Response.json([]));
    const client = new QueryClient();
    client.setQueryData(key, {
      pages: [
        { items: [{ id: "t1" }], nextCursor: "c2" },
        { items: [{ id: "t2" }], nextCursor: "c3" },
      ],
      pageParams: [null, "c2"],
    });
    await setManualOffline(true);
    await expect(getPageQueryFn()(pageContext(client, null))).resolves.toEqual({
      items: [{ id: "t1" }],
      nextCursor: "c2",
    });
    await expect(getPageQueryFn()(pageContext(client, "c2"))).resolves.toEqual({
      items: [{ id: "t2" }],
      nextCursor: "c3",
    });
    // The list names its resource (the messages feature declares it).
    await expect(getPageQueryFn("Nachrichten")(pageContext(client, "c3"))).rejects.toThrow(
      "Keine Daten im Offline-Modus verfügbar: Nachrichten",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
