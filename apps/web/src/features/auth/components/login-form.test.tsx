import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { setManualOffline } from "@/lib/network";
import { createQueryClient } from "@/lib/query-client";
import { allowConsoleError } from "@/test/console";
import { LoginForm } from "./login-form";

const CHECK_CREDENTIALS = "Bitte überprüfen Sie Ihre Anmeldedaten und versuchen Sie es erneut.";

function renderForm(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal("fetch", fetchMock);
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <LoginForm exampleEmail="mieter@example.com" onSuccess={async () => {}} />
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fetchMock;
}

async function submit(email = "demo@example.com", password = "falsch") {
  const emailField = screen.getByLabelText("E-Mail Adresse");
  await userEvent.clear(emailField);
  if (email) await userEvent.type(emailField, email);
  const passwordField = screen.getByLabelText("Passwort", { exact: true });
  await userEvent.clear(passwordField);
  if (password) await userEvent.type(passwordField, password);
  await userEvent.click(screen.getByRole("button", { name: "Anmelden" }));
}

const refused = () =>
  Response.json({ error: "invalid_credentials", message: "E-Mail oder Passwort ist falsch." }, { status: 401 });

beforeEach(() => dismissToast());
afterEach(async () => {
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

describe("LoginForm: each error names its cause and goes with a new attempt (issue 12)", () => {
  it("an offline refusal does not stand next to the last attempt's credentials hint", async () => {
    renderForm(refused);
    await submit();
    expect(await screen.findByText(CHECK_CREDENTIALS)).toBeInTheDocument();

    await setManualOffline(true);
    await submit();
    expect(await screen.findByText("Anmeldung nicht möglich")).toBeInTheDocument();
    expect(screen.queryByText(CHECK_CREDENTIALS)).not.toBeInTheDocument();
  });

  it("empty fields clear the old hint too", async () => {
    renderForm(refused);
    await submit();
    expect(await screen.findByText(CHECK_CREDENTIALS)).toBeInTheDocument();
    await submit("demo@example.com", "");
    expect(await screen.findByText("Eingabe erforderlich")).toBeInTheDocument();
    expect(screen.queryByText(CHECK_CREDENTIALS)).not.toBeInTheDocument();
  });

  it("no credentials hint when the server could not be reached or asked to wait", async () => {
    // TanStack Query logs the failed mutation of the unreachable server.
    allowConsoleError();
    const fetchMock = renderForm(() => {
      throw new TypeError("Failed to fetch");
    });
    await submit();
    expect(await screen.findByText("Anmeldung fehlgeschlagen")).toBeInTheDocument();
    expect(screen.queryByText(CHECK_CREDENTIALS)).not.toBeInTheDocument();

    dismissToast();
    fetchMock.mockImplementation(async () =>
      Response.json(
        { error: "too_many_attempts", message: "Zu viele Anmeldeversuche. Bitte warten Sie." },
        { status: 429, headers: { "Retry-After": "60" } },
      ),
    );
    await submit();
    expect(await screen.findByText(/Login fehlgeschlagen \(429\): Zu viele Anmeldeversuche/)).toBeInTheDocument();
    expect(screen.queryByText(CHECK_CREDENTIALS)).not.toBeInTheDocument();
  });
});
