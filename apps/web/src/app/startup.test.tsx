import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { getBrowserItem, getItem, STORAGE_KEYS, setItem } from "@/lib/storage";
import { tokenExpiringIn } from "@/test/tokens";
import { App } from "./app";

/** The first render loads lazy route modules, which vitest transforms on demand. */
const SLOW = { timeout: 10_000 };

/**
 * The brand arrives from GET /config after the first paint. Waiting for it means no state update
 * is still on its way when the test goes on to await something else (React would warn about an
 * update outside act()).
 */
async function brandShown() {
  expect(await screen.findByText("Testverwaltung Nord", {}, SLOW)).toBeInTheDocument();
}

const config = {
  brand: {
    companyName: "Testverwaltung Nord",
    logoText: "TN",
    supportEmail: "s@example.com",
    supportPhone: "1",
    supportHours: "Mo-Fr",
    emergencyHotline: "2",
    officeAddress: "Weg 1",
    imprint: { legalName: "T", representative: "R", register: "HRB", vatId: "DE1" },
  },
  version: "1.0.0",
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function serveApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const handler = routes[key];
    if (!handler) return Response.json({ error: "not_found", message: key }, { status: 404 });
    return handler(url, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("start-up", () => {
  it("shows 'Lädt...' while the sign-in state is checked, then the login", async () => {
    serveApi({ "GET /api/v1/config": () => Response.json(config) });
    render(<App queryClient={createQueryClient()} />);
    expect(screen.getByText("Lädt...")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Willkommen zurück!" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Willkommen zurück!" }, SLOW)).toBeInTheDocument();
    expect(window.location.pathname).toBe("/login");
    await brandShown();
  });

  it("clears an expired session and says 'Abgemeldet'", async () => {
    serveApi({ "GET /api/v1/config": () => Response.json(config) });
    await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(-60));
    await setItem(STORAGE_KEYS.user, { id: "u", email: "demo@example.com", firstName: "Anna", lastName: "S" });
    render(<App queryClient={createQueryClient()} />);
    expect(await screen.findByText("Abgemeldet", {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Willkommen zurück!" }, SLOW)).toBeInTheDocument();
    await brandShown();
    expect(await getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(await getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe("login form", () => {
  it("asks for both fields with 'Eingabe erforderlich'", async () => {
    const fetchMock = serveApi({ "GET /api/v1/config": () => Response.json(config) });
    render(<App queryClient={createQueryClient()} />);
    await brandShown();
    await userEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findByText("Eingabe erforderlich", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText("Bitte geben Sie Ihre E-Mail und Ihr Passwort ein.")).toBeInTheDocument();
    expect(screen.getByLabelText("E-Mail Adresse")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/auth/login"))).toBe(false);
  });

  it("shows the failure hint and toast when the server refuses", async () => {
    serveApi({
      "GET /api/v1/config": () => Response.json(config),
      "POST /api/v1/auth/login": () =>
        Response.json(
          { error: "invalid_credentials", message: "E-Mail-Adresse oder Passwort ist falsch." },
          { status: 401 },
        ),
    });
    render(<App queryClient={createQueryClient()} />);
    await brandShown();
    await userEvent.type(screen.getByLabelText("E-Mail Adresse"), "demo@example.com");
    await userEvent.type(screen.getByLabelText("Passwort"), "falsch");
    await userEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findByText("Anmeldung fehlgeschlagen", {}, SLOW)).toBeInTheDocument();
    expect(
      screen.getByText("Login fehlgeschlagen (401): E-Mail-Adresse oder Passwort ist falsch."),
    ).toBeInTheDocument();
    expect(screen.getByText("Bitte überprüfen Sie Ihre Anmeldedaten und versuchen Sie es erneut.")).toBeInTheDocument();
    expect(await getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("stores the session, says 'Login erfolgreich' and sends remember", async () => {
    const token = tokenExpiringIn(3600);
    const user = {
      id: "u-1",
      email: "demo@example.com",
      firstName: "Anna",
      lastName: "Schneider",
      first_name: "Anna",
      last_name: "Schneider",
      address: "Lindenstraße 5",
      apartment_number: "3",
    };
    let loginBody: unknown = null;
    serveApi({
      "GET /api/v1/config": () => Response.json(config),
      "POST /api/v1/auth/login": (_url, init) => {
        loginBody = JSON.parse(String(init?.body));
        return Response.json({ token, user, expires_at: new Date(Date.now() + 3600_000).toISOString() });
      },
    });
    render(<App queryClient={createQueryClient()} />);
    await brandShown();
    await userEvent.type(screen.getByLabelText("E-Mail Adresse"), "demo@example.com");
    await userEvent.type(screen.getByLabelText("Passwort"), "demo1234");
    await userEvent.click(screen.getByLabelText("Angemeldet bleiben"));
    await userEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findByText("Login erfolgreich", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText("Willkommen zurück, Anna!")).toBeInTheDocument();
    expect(loginBody).toEqual({ email: "demo@example.com", password: "demo1234", remember: true });
    await waitFor(async () => expect(await getItem(STORAGE_KEYS.authToken)).toBe(token));
    expect(getBrowserItem(STORAGE_KEYS.authToken)).toBe(token);
  });
});
