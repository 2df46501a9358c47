import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api/errors";
import { ChangePasswordForm } from "./change-password-form";

async function fill(current: string, next: string, repeat: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText("Aktuelles Passwort"), current);
  if (next) await user.type(screen.getByLabelText("Neues Passwort"), next);
  if (repeat) await user.type(screen.getByLabelText("Neues Passwort wiederholen"), repeat);
  await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
}

describe("ChangePasswordForm", () => {
  it("shows the rules and a mismatch without sending anything", async () => {
    const send = vi.fn();
    render(<ChangePasswordForm onChangePassword={send} />);
    expect(screen.getByLabelText("Neues Passwort")).toHaveAccessibleDescription("Mindestens 8 Zeichen, höchstens 128.");
    await fill("demo1234", "neues-passwort", "anderes-passwort");
    const repeat = screen.getByLabelText("Neues Passwort wiederholen");
    expect(repeat).toHaveAttribute("aria-invalid", "true");
    expect(repeat).toHaveAccessibleDescription("Die Passwörter stimmen nicht überein.");
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the server's wrong-password message on the current password field and keeps the input", async () => {
    const send = vi.fn().mockRejectedValue(
      new ApiRequestError(400, "400: …", "wrong_password", "Das aktuelle Passwort ist falsch.", {
        currentPassword: "Das aktuelle Passwort ist falsch.",
      }),
    );
    render(<ChangePasswordForm onChangePassword={send} />);
    await fill("falsch123", "neues-passwort", "neues-passwort");
    expect(send).toHaveBeenCalledWith({ currentPassword: "falsch123", newPassword: "neues-passwort" });
    const current = await screen.findByLabelText("Aktuelles Passwort");
    expect(current).toHaveAttribute("aria-invalid", "true");
    expect(current).toHaveAccessibleDescription("Das aktuelle Passwort ist falsch.");
    expect(screen.getByLabelText("Neues Passwort")).toHaveValue("neues-passwort");
  });

  it("clears the fields after a change", async () => {
    const send = vi.fn().mockResolvedValue("changed");
    render(<ChangePasswordForm onChangePassword={send} />);
    await fill("demo1234", "neues-passwort", "neues-passwort");
    expect(send).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByLabelText("Aktuelles Passwort")).toHaveValue(""));
    expect(screen.getByLabelText("Neues Passwort")).toHaveValue("");
    expect(screen.getByLabelText("Neues Passwort wiederholen")).toHaveValue("");
  });
});
