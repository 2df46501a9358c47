import type { StaffInvitationInfo } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToken } from "@/lib/session";
import { stubFetch } from "@/test/fetch";
import { InvitationForm } from "./invitation-form";

const staff = {
  id: "s1",
  email: "neu@example.com",
  name: "Nina Neu",
  role: "verwalter",
  buildings: [],
  totp_enabled: false,
  notify_new_items: true,
};
const info: StaffInvitationInfo = {
  email: "neu@example.com",
  name: "Nina Neu",
  role: "verwalter",
  totp_required: false,
  totp: null,
};
const adminInfo: StaffInvitationInfo = {
  ...info,
  role: "administrator",
  totp_required: true,
  totp: { secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x", qr_svg: "<svg/>" },
};

function renderForm(invitation = info) {
  const onAccepted = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <InvitationForm token="tok-1" info={invitation} onAccepted={onAccepted} />
    </QueryClientProvider>,
  );
  return { onAccepted };
}

describe("invitation form", () => {
  it("shows the German messages on the empty password and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Passwort festlegen und anmelden" }));
    const password = screen.getByLabelText("Neues Passwort");
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    expect(password).toHaveAccessibleDescription(
      "Mindestens 10 Zeichen. Das Passwort muss mindestens 10 Zeichen lang sein.",
    );
    expect(screen.getByLabelText("Passwort wiederholen")).not.toHaveAttribute("aria-invalid");
    expect(calls).toHaveLength(0);
  });

  it("refuses a repetition that differs, also while the password is too short", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.type(screen.getByLabelText("Neues Passwort"), "kurz");
    await user.type(screen.getByLabelText("Passwort wiederholen"), "anders");
    await user.click(screen.getByRole("button", { name: "Passwort festlegen und anmelden" }));
    const repeat = screen.getByLabelText("Passwort wiederholen");
    await waitFor(() => expect(repeat).toHaveAttribute("aria-invalid", "true"));
    expect(repeat).toHaveAccessibleDescription("Die Passwörter stimmen nicht überein.");
    expect(screen.getByLabelText("Neues Passwort")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("asks an Administrator for the code before sending", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm(adminInfo);
    await user.type(screen.getByLabelText("Neues Passwort"), "ein-langes-passwort");
    await user.type(screen.getByLabelText("Passwort wiederholen"), "ein-langes-passwort");
    await user.click(screen.getByRole("button", { name: "Passwort festlegen und anmelden" }));
    const code = screen.getByLabelText("Code aus der Authenticator-App");
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("Bitte geben Sie den Code aus Ihrer Authenticator-App ein.")).toBeInTheDocument();
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: "Passwort festlegen und anmelden" }));
    expect(await screen.findByText("Der Code besteht aus 6 Ziffern.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends the token, the password and the code, and signs in", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ status: 200, body: { token: "t-9", staff, expires_at: "2026-11-24T20:00:00Z" } });
    const { onAccepted } = renderForm(adminInfo);
    await user.type(screen.getByLabelText("Neues Passwort"), "ein-langes-passwort");
    await user.type(screen.getByLabelText("Passwort wiederholen"), "ein-langes-passwort");
    await user.type(screen.getByLabelText("Code aus der Authenticator-App"), "12 34 56");
    await user.click(screen.getByRole("button", { name: "Passwort festlegen und anmelden" }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalled());
    expect(calls[0]!.url).toContain("/staff/auth/invitation/accept");
    expect(calls[0]!.body).toStrictEqual({ token: "tok-1", newPassword: "ein-langes-passwort", totp: "123456" });
    expect(getToken()).toBe("t-9");
  });

  it("sends no code when the invitation asks for none; the server's field error shows on the field", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      status: 400,
      body: { error: "validation", message: "Bitte prüfen Sie Ihre Eingaben.", fields: { newPassword: "Zu einfach." } },
    });
    renderForm();
    await user.type(screen.getByLabelText("Neues Passwort"), "ein-langes-passwort");
    await user.type(screen.getByLabelText("Passwort wiederholen"), "ein-langes-passwort");
    await user.click(screen.getByRole("button", { name: "Passwort festlegen und anmelden" }));
    expect(await screen.findByText("Zu einfach.")).toBeInTheDocument();
    expect(calls[0]!.body).toStrictEqual({ token: "tok-1", newPassword: "ein-langes-passwort" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
