import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/test/fetch";
import { NewPasswordForm } from "./new-password-form";

function renderForm() {
  const onDone = vi.fn();
  const onLinkProblem = vi.fn();
  render(
    <NewPasswordForm token="tok-2" email="a@example.com" name="Anna" onDone={onDone} onLinkProblem={onLinkProblem} />,
  );
  return { onDone, onLinkProblem };
}

describe("new password of a reset link", () => {
  it("shows the German message on the empty password and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Passwort speichern" }));
    const password = screen.getByLabelText("Neues Passwort");
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("Das Passwort muss mindestens 10 Zeichen lang sein.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("refuses a repetition that differs", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.type(screen.getByLabelText("Neues Passwort"), "ein-langes-passwort");
    await user.type(screen.getByLabelText("Passwort wiederholen"), "ein-langes-passwor");
    await user.click(screen.getByRole("button", { name: "Passwort speichern" }));
    const repeat = screen.getByLabelText("Passwort wiederholen");
    await waitFor(() => expect(repeat).toHaveAttribute("aria-invalid", "true"));
    expect(repeat).toHaveAccessibleDescription("Die Passwörter stimmen nicht überein.");
    expect(screen.getByLabelText("Neues Passwort")).not.toHaveAttribute("aria-invalid");
    expect(calls).toHaveLength(0);
  });

  it("sends the token and the new password; a used link is a link problem", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      { status: 400, body: { error: "staff_reset_link_used", message: "Schon benutzt." } },
      { status: 200, body: { success: true, message: "Ihr Passwort ist geändert." } },
    );
    const { onDone, onLinkProblem } = renderForm();
    await user.type(screen.getByLabelText("Neues Passwort"), "ein-langes-passwort");
    await user.type(screen.getByLabelText("Passwort wiederholen"), "ein-langes-passwort");
    await user.click(screen.getByRole("button", { name: "Passwort speichern" }));
    await waitFor(() => expect(onLinkProblem).toHaveBeenCalledWith("used"));
    expect(calls[0]!.body).toStrictEqual({ token: "tok-2", newPassword: "ein-langes-passwort" });
    await user.click(screen.getByRole("button", { name: "Passwort speichern" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("Ihr Passwort ist geändert."));
  });
});
