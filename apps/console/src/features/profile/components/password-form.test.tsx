import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { PasswordForm } from "./password-form";

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PasswordForm />
    </QueryClientProvider>,
  );
}

describe("change of password in the profile", () => {
  it("marks the empty fields with the German messages and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
    const current = screen.getByLabelText("Aktuelles Passwort");
    await waitFor(() => expect(current).toHaveAttribute("aria-invalid", "true"));
    expect(current).toHaveAccessibleDescription("Bitte geben Sie Ihr aktuelles Passwort ein.");
    const next = screen.getByLabelText("Neues Passwort");
    expect(next).toHaveAttribute("aria-invalid", "true");
    expect(next).toHaveAccessibleDescription(
      "Mindestens 10 Zeichen. Das Passwort muss mindestens 10 Zeichen lang sein.",
    );
    expect(screen.getByLabelText("Neues Passwort wiederholen")).not.toHaveAttribute("aria-invalid");
    expect(calls).toHaveLength(0);
  });

  it("refuses a repetition that differs", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.type(screen.getByLabelText("Aktuelles Passwort"), "alt-alt-alt");
    await user.type(screen.getByLabelText("Neues Passwort"), "neu-neu-neu-neu");
    await user.type(screen.getByLabelText("Neues Passwort wiederholen"), "neu-neu-neu");
    await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
    const repeat = screen.getByLabelText("Neues Passwort wiederholen");
    await waitFor(() => expect(repeat).toHaveAttribute("aria-invalid", "true"));
    expect(repeat).toHaveAccessibleDescription("Die Passwörter stimmen nicht überein.");
    expect(calls).toHaveLength(0);
  });

  it("sends the current and the new password, then empties the fields", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      {
        status: 400,
        body: {
          error: "wrong_password",
          message: "Das aktuelle Passwort ist falsch.",
          fields: { currentPassword: "Das aktuelle Passwort ist falsch." },
        },
      },
      { status: 200, body: { token: "t-neu", expires_at: "2026-11-28T10:00:00Z" } },
    );
    renderForm();
    await user.type(screen.getByLabelText("Aktuelles Passwort"), "falsch-falsch");
    await user.type(screen.getByLabelText("Neues Passwort"), "neu-neu-neu-neu");
    await user.type(screen.getByLabelText("Neues Passwort wiederholen"), "neu-neu-neu-neu");
    await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
    await waitFor(() => expect(screen.getByLabelText("Aktuelles Passwort")).toHaveAttribute("aria-invalid", "true"));
    expect(calls[0]!.body).toStrictEqual({ currentPassword: "falsch-falsch", newPassword: "neu-neu-neu-neu" });

    await user.clear(screen.getByLabelText("Aktuelles Passwort"));
    await user.type(screen.getByLabelText("Aktuelles Passwort"), "richtig-richtig");
    await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
    await waitFor(() => expect(screen.getByLabelText("Neues Passwort")).toHaveValue(""));
    expect(calls[1]!.body).toStrictEqual({ currentPassword: "richtig-richtig", newPassword: "neu-neu-neu-neu" });
    expect(screen.getByLabelText("Aktuelles Passwort")).toHaveValue("");
  });
});
