import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { Component as MessageDetail } from "./message-detail";

const THREAD_ID = "7d1c8a0e-2f7b-4a55-9f59-1d2e3f4a5b6c";
const THREAD_URL = `/api/v1/tenant/messages/${THREAD_ID}`;

interface Msg {
  id: string;
  direction: "inbound" | "outbound";
  sender_name: string;
  content: string;
  received_at: string;
  read_at: string | null;
}

function serve(handlers: Record<string, (init?: RequestInit) => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${String(input)}`;
    const handler = handlers[key];
    if (!handler) return Response.json({ error: "not_found", message: key }, { status: 404 });
    return handler(init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function calls(fetchMock: ReturnType<typeof serve>, key: string) {
  return fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? "GET"} ${String(url)}` === key);
}

let client: QueryClient | null = null;

function renderThread() {
  client = createQueryClient();
  const router = createMemoryRouter([{ path: "/messages/:id", Component: MessageDetail }], {
    initialEntries: [`/messages/${THREAD_ID}`],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

function thread(messages: Msg[]) {
  return { id: THREAD_ID, subject: "Rauchmelderwartung", created_at: "2025-06-01T08:00:00Z", messages };
}

const fromManagement: Msg = {
  id: "m1",
  direction: "inbound",
  sender_name: "Hausverwaltung",
  content: "Am Montag kommt der Monteur.",
  received_at: "2025-06-01T08:00:00Z",
  read_at: null,
};
const fromTenant: Msg = {
  id: "m2",
  direction: "outbound",
  sender_name: "Anna Schneider",
  content: "Danke, ich bin da.",
  received_at: "2025-06-01T09:00:00Z",
  read_at: "2025-06-01T09:00:00Z",
};

beforeEach(() => {
  dismissToast();
});

afterEach(async () => {
  // Nothing of one test's client (a refetch after a change) may run into the next test.
  await client?.cancelQueries();
  client?.clear();
  client = null;
  vi.unstubAllGlobals();
});

describe("message thread", () => {
  it("shows the messages oldest first, the tenant's own marked as 'Sie', and marks the thread read once", async () => {
    let read = false;
    const fetchMock = serve({
      [`GET ${THREAD_URL}`]: () =>
        Response.json(thread([{ ...fromManagement, read_at: read ? "2025-06-02T00:00:00Z" : null }, fromTenant])),
      [`PATCH ${THREAD_URL}/read`]: () => {
        read = true;
        return Response.json({ success: true, message: "ok" });
      },
    });
    renderThread();
    expect(await screen.findByRole("heading", { level: 1, name: "Rauchmelderwartung" })).toBeInTheDocument();
    const history = screen.getByRole("list", { name: "Verlauf der Unterhaltung" });
    const items = within(history).getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-direction"))).toEqual(["inbound", "outbound"]);
    expect(within(items[0]!).getByRole("article", { name: "Nachricht von Hausverwaltung" })).toBeInTheDocument();
    expect(within(items[1]!).getByRole("article", { name: "Ihre Nachricht" })).toHaveTextContent("Sie");

    await waitFor(() => expect(calls(fetchMock, `PATCH ${THREAD_URL}/read`)).toHaveLength(1));
    const [, init] = calls(fetchMock, `PATCH ${THREAD_URL}/read`)[0]!;
    expect(init?.body).toBeUndefined();
    // The thread is read again after the change, and not marked a second time.
    await waitFor(() => expect(calls(fetchMock, `GET ${THREAD_URL}`).length).toBeGreaterThanOrEqual(2));
    expect(calls(fetchMock, `PATCH ${THREAD_URL}/read`)).toHaveLength(1);
  });

  it("does not mark a thread without unread messages", async () => {
    const fetchMock = serve({
      [`GET ${THREAD_URL}`]: () => Response.json(thread([{ ...fromManagement, read_at: "2025-06-01T10:00:00Z" }])),
    });
    renderThread();
    expect(await screen.findByText("Am Montag kommt der Monteur.")).toBeInTheDocument();
    // The thread is shown, so the effect that marks it has run: marking would have started a
    // mutation at once (its request follows later). None was started, so none can follow.
    expect(client?.getMutationCache().getAll()).toHaveLength(0);
    expect(calls(fetchMock, `PATCH ${THREAD_URL}/read`)).toHaveLength(0);
  });

  it("says so when marking read fails", async () => {
    serve({
      [`GET ${THREAD_URL}`]: () => Response.json(thread([fromManagement])),
      [`PATCH ${THREAD_URL}/read`]: () => Response.json({ error: "server_error", message: "x" }, { status: 500 }),
    });
    renderThread();
    expect(await screen.findByText("Die Nachricht konnte nicht als gelesen markiert werden.")).toBeInTheDocument();
  });

  it("sends a reply and shows it after the thread is read again", async () => {
    const messages: Msg[] = [{ ...fromManagement, read_at: "2025-06-01T10:00:00Z" }];
    const fetchMock = serve({
      [`GET ${THREAD_URL}`]: () => Response.json(thread(messages)),
      [`POST ${THREAD_URL}/replies`]: (init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: string };
        const reply: Msg = { ...fromTenant, id: "m3", content, received_at: "2025-06-03T10:00:00Z" };
        messages.push(reply);
        return Response.json(reply, { status: 201 });
      },
    });
    renderThread();
    const field = await screen.findByLabelText("Ihre Antwort");
    await userEvent.click(screen.getByRole("button", { name: "Antwort senden" }));
    expect(await screen.findByText("Nachricht ist erforderlich.")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(calls(fetchMock, `POST ${THREAD_URL}/replies`)).toHaveLength(0);

    await userEvent.type(field, "  Passt mir gut.  ");
    await userEvent.click(screen.getByRole("button", { name: "Antwort senden" }));
    expect(await screen.findByText("Passt mir gut.")).toBeInTheDocument();
    const [, init] = calls(fetchMock, `POST ${THREAD_URL}/replies`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ content: "Passt mir gut." });
    await waitFor(() => expect(field).toHaveValue(""));
  });

  it("says when the conversation does not exist", async () => {
    serve({});
    renderThread();
    expect(await screen.findByRole("heading", { name: "Nachricht nicht gefunden" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Alle Nachrichten" })).toHaveAttribute("href", "/messages");
  });
});
