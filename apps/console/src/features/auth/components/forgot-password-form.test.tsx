import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/test/fetch";
import { ForgotPasswordForm } from "./forgot-password-form";

function renderForm() {
  const onSent = vi.fn();
  render(
    <MemoryRouter>
      <ForgotPasswordForm onSent={onSent} />
    </MemoryRouter>,
  );
  return { onSent };
}

describe("Passwort vergessen", () => {
  it("focuses the address and marks it when empty, sending nothing", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    const email = screen.getByLabelText("E-Mail-Adresse");
    await waitFor(() => expect(email).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Link senden" }));
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("Bitte geben Sie Ihre E-Mail-Adresse ein.");
    expect(calls).toHaveLength(0);
  });

  it("refuses an address that is none", async () => {
    const user = userEvent.setup();
    const calls = stubFetch();
    renderForm();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "keine-adresse");
    await user.click(screen.getByRole("button", { name: "Link senden" }));
    expect(await screen.findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed address and hands on the answer", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      status: 202,
      body: { success: true, message: "Falls es das Konto gibt, kommt ein Link." },
    });
    const { onSent } = renderForm();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), " a@example.com ");
    await user.click(screen.getByRole("button", { name: "Link senden" }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith("Falls es das Konto gibt, kommt ein Link."));
    expect(calls[0]!.body).toStrictEqual({ email: "a@example.com" });
  });
});
