import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { getToken } from "@/lib/session";
import { stubFetch } from "@/test/fetch";
import { LOGIN_TEXTS, loginFailure } from "../login-flow";
import { LoginForm } from "./login-form";

const staff = {
  id: "s1",
  email: "admin@example.com",
  name: "Sabine Krüger",
  role: "administrator",
  buildings: [],
  totp_enabled: true,
  notify_new_items: true,
};

function renderLogin(onSignedIn = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LoginForm onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
  return { client, onSignedIn };
}

describe("login form validation", () => {
  it("marks empty fields with the German messages and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderLogin();
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    const email = screen.getByLabelText("E-Mail-Adresse");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    const password = screen.getByLabelText("Passwort");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("Passwort ist erforderlich.");
    expect(calls).toHaveLength(0);
  });

  it("refuses an address that is none", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderLogin();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "admin@");
    await user.type(screen.getByLabelText("Passwort"), "x");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeInTheDocument();
    expect(screen.getByLabelText("Passwort")).not.toHaveAttribute("aria-invalid");
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed address and the password, without a code", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ status: 200, body: { token: "t-1", staff, expires_at: "2026-11-24T20:00:00Z" } });
    const { onSignedIn } = renderLogin();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "  admin@example.com ");
    await user.type(screen.getByLabelText("Passwort"), "demo-verwaltung-1");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[0]!.body).toStrictEqual({ email: "admin@example.com", password: "demo-verwaltung-1" });
  });
});

describe("sign-in with a second factor", () => {
  it("asks for the 6-digit code after totp_required and signs in with it", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      { status: 401, body: { error: "totp_required", message: "Bitte geben Sie den Code ein." } },
      { status: 200, body: { token: "t-123", staff, expires_at: "2026-11-24T20:00:00Z" } },
    );
    const { client, onSignedIn } = renderLogin();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "admin@example.com");
    await user.type(screen.getByLabelText("Passwort"), "demo-verwaltung-1");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));

    const code = await screen.findByLabelText("Code aus der Authenticator-App");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.getByText(LOGIN_TEXTS.totpRequired)).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ email: "admin@example.com", password: "demo-verwaltung-1" });

    await user.type(code, "12a3456");
    expect(code).toHaveValue("123456");
    await user.click(screen.getByRole("button", { name: "Bestätigen" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[1]!.body).toEqual({ email: "admin@example.com", password: "demo-verwaltung-1", totp: "123456" });
    expect(getToken()).toBe("t-123");
    expect(client.getQueryData(["staff", "me"])).toEqual(staff);
  });

  it("says when the code is wrong and stays on the code step", async () => {
    const user = userEvent.setup();
    stubFetch(
      { status: 401, body: { error: "totp_required", message: "Code nötig." } },
      { status: 401, body: { error: "totp_invalid", message: "Code falsch." } },
    );
    renderLogin();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "admin@example.com");
    await user.type(screen.getByLabelText("Passwort"), "x");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    await user.type(await screen.findByLabelText("Code aus der Authenticator-App"), "000000");
    await user.click(screen.getByRole("button", { name: "Bestätigen" }));
    const code = await screen.findByLabelText("Code aus der Authenticator-App");
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    // The server's words (it says, e.g., when a code was used already).
    expect(screen.getByText("Code falsch.")).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it("has an Administrator without a second factor set it up (QR code, first code) before signing in", async () => {
    const user = userEvent.setup();
    const setup = { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x", qr_svg: "<svg/>" };
    const calls = stubFetch(
      { status: 403, body: { error: "totp_enrolment_required", message: "Zweiter Faktor nötig." } },
      { status: 200, body: setup },
      { status: 200, body: { token: "t-456", staff, expires_at: "2026-11-24T20:00:00Z" } },
    );
    const { onSignedIn } = renderLogin();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "admin@example.com");
    await user.type(screen.getByLabelText("Passwort"), "demo-verwaltung-1");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));

    expect(await screen.findByAltText("QR-Code für die Authenticator-App")).toBeInTheDocument();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    expect(screen.getByText(LOGIN_TEXTS.enrolRequired)).toBeInTheDocument();
    expect(calls[1]!.url).toContain("/staff/auth/login/totp-setup");
    expect(calls[1]!.body).toEqual({ email: "admin@example.com", password: "demo-verwaltung-1" });
    expect(getToken()).toBeNull();

    await user.type(screen.getByLabelText("Code aus der Authenticator-App"), "654321");
    await user.click(screen.getByRole("button", { name: "Einrichten und anmelden" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[2]!.body).toEqual({ email: "admin@example.com", password: "demo-verwaltung-1", totp: "654321" });
    expect(getToken()).toBe("t-456");
  });

  it("checks the code's form before sending", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ status: 401, body: { error: "totp_required", message: "Code nötig." } });
    renderLogin();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "admin@example.com");
    await user.type(screen.getByLabelText("Passwort"), "x");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    await user.type(await screen.findByLabelText("Code aus der Authenticator-App"), "123");
    await user.click(screen.getByRole("button", { name: "Bestätigen" }));
    expect(await screen.findByText("Der Code besteht aus 6 Ziffern.")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("shows wrong credentials and the throttle message as a form error", async () => {
    const user = userEvent.setup();
    stubFetch(
      { status: 401, body: { error: "invalid_credentials", message: "E-Mail-Adresse oder Passwort ist falsch." } },
      { status: 429, body: { error: "too_many_attempts", message: "Zu viele Versuche. Bitte warten Sie 15 Minuten." } },
    );
    renderLogin();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "admin@example.com");
    await user.type(screen.getByLabelText("Passwort"), "falsch");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("E-Mail-Adresse oder Passwort ist falsch.");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findByText("Zu viele Versuche. Bitte warten Sie 15 Minuten.")).toBeInTheDocument();
  });

  it("maps each answer of the login to the next step", () => {
    const err = (code: string) => new ApiError(401, code, "m");
    expect(loginFailure(err("totp_required"), "credentials").step).toBe("totp");
    expect(loginFailure(err("totp_invalid"), "totp")).toMatchObject({ step: "totp", fieldErrors: { totp: "m" } });
    expect(loginFailure(new ApiError(401, "totp_invalid", ""), "totp").fieldErrors.totp).toBe(LOGIN_TEXTS.totpInvalid);
    expect(loginFailure(err("totp_enrolment_required"), "credentials").step).toBe("enrol");
    expect(loginFailure(err("totp_invalid"), "enrol").step).toBe("enrol");
    expect(loginFailure(err("invalid_credentials"), "totp")).toMatchObject({ step: "credentials", formError: "m" });
    expect(loginFailure(new Error("x"), "credentials").formError).toMatch(/fehlgeschlagen/);
  });
});
