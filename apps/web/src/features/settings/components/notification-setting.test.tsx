import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { NotificationSetting } from "./notification-setting";

const LABEL = "E-Mail bei Antworten der Hausverwaltung";

function renderSetting(put: (body: unknown) => Response, initial = true) {
  // The server's state: a PUT it accepted is what the next GET answers.
  let stored = { email_notifications: initial };
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== "PUT") return Response.json(stored);
    const res = put(JSON.parse(String(init.body)));
    if (res.ok) stored = await res.clone().json();
    return res;
  });
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationSetting />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

describe("NotificationSetting: the server-side e-mail preference", () => {
  it("says what it is about and shows the tenant's choice from the server", async () => {
    renderSetting((body) => Response.json(body), false);
    const toggle = screen.getByRole("switch", { name: LABEL });
    expect(toggle).toHaveAccessibleDescription(/E-Mail, wenn die Hausverwaltung auf Ihre Nachricht antwortet/);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });

  it("saves a change with PUT and confirms it with the spec's toast", async () => {
    const fetchMock = renderSetting((body) => Response.json(body));
    const toggle = screen.getByRole("switch", { name: LABEL });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText("Benachrichtigungen deaktiviert")).toBeInTheDocument();
    expect(screen.getByText("Ihre Einstellung wurde gespeichert.")).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(String(put?.[0])).toBe("/api/v1/tenant/preferences");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ email_notifications: false });
    expect(toggle).not.toBeChecked();
  });

  it("moves back and says so when the server refuses", async () => {
    renderSetting(() => Response.json({ error: "internal_error", message: "Fehler" }, { status: 500 }));
    const toggle = screen.getByRole("switch", { name: LABEL });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText("Einstellung nicht gespeichert")).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.queryByText("Benachrichtigungen deaktiviert")).not.toBeInTheDocument();
  });
});
