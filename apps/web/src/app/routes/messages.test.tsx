import type { MessageSummary } from "@mieter-portal/contracts";
import { type InfiniteData, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "@/components/ui/tooltip";
import { messagesQueryKey } from "@/features/messages/api/get-messages";
import { messageQueriesToRefresh } from "@/features/messages/api/invalidation";
import { startConversation } from "@/features/messages/api/start-conversation";
import { changeVariables } from "@/lib/changes";
import { sendApiMutation } from "@/lib/mutations";
import { setManualOffline } from "@/lib/network";
import { resetOfflineState, signInAs, TENANT_A } from "@/lib/offline/testing";
import type { ListPage } from "@/lib/paged-list";
import { createQueryClient } from "@/lib/query-client";
import { Component as MessagesRoute } from "./messages";

// Issue 10: the list loads page by page (X-Next-Cursor) as the tenant scrolls or presses 'Weitere laden'.

const message = (n: number): MessageSummary => ({
  id: `thread-${n}`,
  subject: `Betreff ${n}`,
  sender_name: "Hausverwaltung",
  content: `Nachricht ${n}`,
  received_at: new Date(Date.UTC(2025, 5, 30 - n, 8)).toISOString(),
  unread: false,
  unread_count: 0,
  message_count: 1,
});
const PAGE_1 = [message(1), message(2)];
const PAGE_2 = [message(3), message(4)];
const PAGE_3 = [message(5)];

/** The messages list of a server with three pages; records the list requests' query strings. */
function serveMessages(pages: MessageSummary[][] = [PAGE_1, PAGE_2, PAGE_3]) {
  const listRequests: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== "/api/v1/tenant/messages") return Response.json({ message: "?" }, { status: 404 });
    listRequests.push(url.searchParams);
    const cursor = url.searchParams.get("cursor");
    const index = cursor ? Number(cursor.replace("c", "")) : 0;
    const next = index + 1 < pages.length ? { "X-Next-Cursor": `c${index + 1}` } : undefined;
    return Response.json(pages[index] ?? [], { headers: next });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, listRequests };
}

let client: QueryClient;

function renderRoute() {
  const router = createMemoryRouter([{ path: "/messages", Component: MessagesRoute }], {
    initialEntries: ["/messages"],
  });
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const titles = () => screen.queryAllByTestId("message-subject").map((node) => node.textContent);

/** An IntersectionObserver stand-in: the test says when the observed element is in view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static showAll() {
    for (const observer of [...FakeIntersectionObserver.instances]) {
      if (observer.observed.length === 0) continue;
      observer.callback(
        observer.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
  client = createQueryClient();
  FakeIntersectionObserver.instances = [];
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

describe("messages screen: page by page", () => {
  it("shows the first page and the next one on 'Weitere laden'; no button after the last page", async () => {
    const { listRequests } = serveMessages();
    renderRoute();
    await waitFor(() => expect(titles()).toEqual(["Betreff 1", "Betreff 2"]));
    expect(listRequests.map((q) => q.get("cursor"))).toEqual([null]);
    expect(listRequests[0]!.get("filter")).toBe("all");

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Weitere laden" }));
    await waitFor(() => expect(titles()).toEqual(["Betreff 1", "Betreff 2", "Betreff 3", "Betreff 4"]));
    expect(listRequests.map((q) => q.get("cursor"))).toEqual([null, "c1"]);

    await user.click(screen.getByRole("button", { name: "Weitere laden" }));
    await waitFor(() => expect(titles()).toHaveLength(5));
    expect(listRequests.map((q) => q.get("cursor"))).toEqual([null, "c1", "c2"]);
    expect(screen.queryByRole("button", { name: "Weitere laden" })).toBeNull();
  });

  it("loads the next page by itself when the end of the list comes into view", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { listRequests } = serveMessages();
    renderRoute();
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(listRequests).toHaveLength(1);

    act(() => FakeIntersectionObserver.showAll());
    await waitFor(() => expect(titles()).toHaveLength(4));
    // Still in view after the page arrived: the next one follows.
    await waitFor(() => expect(FakeIntersectionObserver.instances.some((o) => o.observed.length > 0)).toBe(true));
    act(() => FakeIntersectionObserver.showAll());
    await waitFor(() => expect(titles()).toHaveLength(5));
    expect(listRequests.map((q) => q.get("cursor"))).toEqual([null, "c1", "c2"]);
    expect(screen.queryByTestId("load-more")).toBeNull();
  });

  it("does not load again by itself after a page failed; the button tries again", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { fetchMock, listRequests } = serveMessages();
    renderRoute();
    await waitFor(() => expect(titles()).toHaveLength(2));
    const working = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async () => Response.json({ message: "kaputt" }, { status: 500 }));
    act(() => FakeIntersectionObserver.showAll());
    const status = await screen.findByText(
      "Weitere Einträge konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
    );
    expect(status).toHaveAttribute("role", "status");
    act(() => FakeIntersectionObserver.showAll());
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockImplementation(working);
    await userEvent.click(screen.getByRole("button", { name: "Weitere laden" }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(listRequests.at(-1)?.get("cursor")).toBe("c1");
  });

  it("refetches every loaded page after a change to the messages (spec: the matching list is refetched)", async () => {
    const { listRequests } = serveMessages();
    renderRoute();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "Weitere laden" }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    listRequests.length = 0;

    // What a successful change does (lib/mutations: its `invalidates` keys).
    void Promise.all(messageQueriesToRefresh().map((queryKey) => client.invalidateQueries({ queryKey })));
    await waitFor(() => expect(listRequests.map((q) => q.get("cursor"))).toEqual([null, "c1"]));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await waitFor(() => expect(screen.getByRole("button", { name: "Weitere laden" })).toBeEnabled());
    expect(titles()).toHaveLength(4);
  });

  it("offline shows the pages loaded before, and a queued new conversation as 'wartet auf Synchronisierung'", async () => {
    const cached: InfiniteData<ListPage<MessageSummary>, string | null> = {
      pages: [
        { items: PAGE_1, nextCursor: "c1" },
        { items: PAGE_2, nextCursor: "c2" },
      ],
      pageParams: [null, "c1"],
    };
    // Restored from the device, older than 5 minutes: the screen reads it again, offline from the cache.
    client.setQueryData(messagesQueryKey("all"), cached, { updatedAt: Date.now() - 60 * 60_000 });
    const { fetchMock } = serveMessages();
    await setManualOffline(true);
    await sendApiMutation(changeVariables(startConversation, { subject: "Heizung", content: "Kalt" }));
    renderRoute();

    await waitFor(() => expect(titles()).toEqual(["Betreff 1", "Betreff 2", "Betreff 3", "Betreff 4"]));
    const pending = await screen.findByTestId("pending-changes");
    expect(within(pending).getByText("wartet auf Synchronisierung")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // The third page was never loaded: offline it cannot come, and the button says why.
    await userEvent.click(screen.getByRole("button", { name: "Weitere laden" }));
    expect(await screen.findByText("Keine Daten im Offline-Modus verfügbar: Nachrichten")).toBeInTheDocument();
    expect(titles()).toHaveLength(4);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
