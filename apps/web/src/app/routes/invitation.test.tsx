import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "@/features/auth/components/auth-provider";
import { createQueryClient } from "@/lib/query-client";
import { Component as InvitationRoute } from "./invitation";

afterEach(() => {
  vi.unstubAllGlobals();
});

const WRONG =
  "Diesen Registrierungscode kennen wir nicht, oder er ist abgelaufen oder schon benutzt. Prüfen Sie die acht Zeichen auf Ihrem Brief.";

/** The page as opened from a letter's printed address: /einladung without a link's token. */
function renderPage() {
  const bodies: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      bodies.push({ url, body });
      if (url.endsWith("/auth/invitation/check")) {
        return body.code === "k7q2 x9m4"
          ? Response.json({
              first_name: "Kemal",
              last_name: "Kodierer",
              email: null,
              expires_at: "2026-12-27T15:00:00Z",
            })
          : Response.json({ error: "tenant_invitation_code_invalid", message: WRONG }, { status: 400 });
      }
      if (url.endsWith("/auth/invitation/accept")) {
        return Response.json({ error: "tenant_invitation_code_invalid", message: WRONG }, { status: 400 });
      }
      return new Response("{}", { status: 404 });
    }),
  );
  render(
    <MemoryRouter initialEntries={["/einladung"]}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <InvitationRoute />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return bodies;
}

describe("/einladung without a link: the letter's registration code (issue 24 item 6)", () => {
  it("a wrong code shows the server's message; the right one greets the tenant and sets the password with it", async () => {
    const bodies = renderPage();
    const field = await screen.findByLabelText("Registrierungscode");
    await userEvent.click(screen.getByRole("button", { name: "Weiter" }));
    expect(await screen.findByText("Bitte geben Sie den Registrierungscode aus Ihrem Brief ein.")).toBeInTheDocument();

    await userEvent.type(field, "ZZZZ-ZZZZ");
    await userEvent.click(screen.getByRole("button", { name: "Weiter" }));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, "k7q2 x9m4");
    await userEvent.click(screen.getByRole("button", { name: "Weiter" }));
    expect(await screen.findByText("Guten Tag Kemal Kodierer,")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("E-Mail Adresse"), "kemal@example.com");
    await userEvent.type(screen.getByLabelText("Passwort", { exact: true }), "post-kam-an-1");
    await userEvent.type(screen.getByLabelText("Passwort wiederholen"), "post-kam-an-1");
    await userEvent.click(screen.getByRole("button", { name: "Passwort festlegen" }));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    const accept = bodies.find((b) => b.url.endsWith("/auth/invitation/accept"));
    expect(accept?.body).toEqual({ code: "k7q2 x9m4", email: "kemal@example.com", newPassword: "post-kam-an-1" });
  });
});
