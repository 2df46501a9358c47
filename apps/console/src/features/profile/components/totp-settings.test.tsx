import type { StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { TotpSettings } from "./totp-settings";

const me: StaffProfile = {
  id: "s2",
  email: "verwalter@example.com",
  name: "Sabine Krüger",
  role: "verwalter",
  buildings: [],
  totp_enabled: false,
  notify_new_items: true,
};

function renderSettings(profile: StaffProfile) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TotpSettings me={profile} />
    </QueryClientProvider>,
  );
}

// Decision 031: a session alone changes nothing of the second factor; the password confirms it.
describe("the second factor in the profile", () => {
  it("asks for the password to set up, shows the server's refusal at the field, then enables with it", async () => {
    const user = userEvent.setup();
    const setup = { secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x", qr_svg: "<svg/>" };
    const calls = stubFetch(
      {
        status: 400,
        body: {
          error: "wrong_password",
          message: "Das aktuelle Passwort ist falsch.",
          fields: { currentPassword: "Das aktuelle Passwort ist falsch." },
        },
      },
      { status: 200, body: setup },
      { status: 200, body: { ...me, totp_enabled: true } },
    );
    renderSettings(me);
    await user.click(screen.getByRole("button", { name: "Zweiten Faktor einrichten" }));
    expect(await screen.findByText("Bitte geben Sie Ihr aktuelles Passwort ein.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText("Aktuelles Passwort"), "falsch");
    await user.click(screen.getByRole("button", { name: "Zweiten Faktor einrichten" }));
    await waitFor(() => expect(screen.getByLabelText("Aktuelles Passwort")).toHaveAttribute("aria-invalid", "true"));
    expect(calls[0]!.body).toEqual({ currentPassword: "falsch" });

    await user.clear(screen.getByLabelText("Aktuelles Passwort"));
    await user.type(screen.getByLabelText("Aktuelles Passwort"), "richtig-richtig");
    await user.click(screen.getByRole("button", { name: "Zweiten Faktor einrichten" }));
    expect(await screen.findByAltText("QR-Code für die Authenticator-App")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code aus der Authenticator-App"), "123456");
    await user.click(screen.getByRole("button", { name: "Zweiten Faktor einschalten" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.url).toContain("/staff/auth/totp/enable");
    expect(calls[2]!.body).toEqual({ code: "123456", currentPassword: "richtig-richtig" });
  });

  it("disables only with the password and a current code", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ status: 200, body: me });
    renderSettings({ ...me, totp_enabled: true });
    await user.type(screen.getByLabelText("Code aus der Authenticator-App"), "654321");
    await user.click(screen.getByRole("button", { name: "Zweiten Faktor ausschalten" }));
    expect(await screen.findByText("Bitte geben Sie Ihr aktuelles Passwort ein.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText("Aktuelles Passwort"), "richtig-richtig");
    await user.click(screen.getByRole("button", { name: "Zweiten Faktor ausschalten" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toContain("/staff/auth/totp/disable");
    expect(calls[0]!.body).toEqual({ code: "654321", currentPassword: "richtig-richtig" });
  });

  it("offers no way to switch it off for an Administrator", () => {
    stubFetch();
    renderSettings({ ...me, role: "administrator", totp_enabled: true });
    expect(screen.queryByRole("button", { name: "Zweiten Faktor ausschalten" })).toBeNull();
    expect(screen.getByText("Administratoren können den zweiten Faktor nicht ausschalten.")).toBeInTheDocument();
  });
});
