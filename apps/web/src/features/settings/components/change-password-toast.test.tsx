import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, toast } from "@/components/ui/use-toast";
import { ApiRequestError } from "@/lib/api/errors";
import { ChangePasswordForm } from "./change-password-form";

// Issue 25 item 5: the toast about a wrong current password lay over "Aktuelles Passwort" for 5 s.
// The toasts move to the bottom (above the tab bar) while the focused field is in the upper half
// of the window, and stay below the header otherwise.

// The test setup swaps the app's lazy toaster for the shared one; this test is about the app's.
const { Toaster } = await vi.importActual<typeof import("@/components/ui/toaster")>("@/components/ui/toaster");

const WRONG = "Das aktuelle Passwort ist falsch.";
const BOTTOM = "bottom-[var(--tab-bar-height,0px)]";

afterEach(() => {
  act(() => dismissToast());
});

/** Puts the element at this height of a 768 px window (jsdom lays nothing out). */
function placeAt(element: HTMLElement, top: number) {
  vi.spyOn(element, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 16, y: top, width: 288, height: 40 }),
  );
}

function viewport(): HTMLElement {
  const region = screen.getByRole("region", { name: /^Hinweise/ });
  return region.querySelector("ol") as HTMLElement;
}

function renderForm() {
  const send = vi.fn(async () => {
    // As the app's mutation cache does: the toast first, then the form shows the field's error.
    toast({ variant: "destructive", title: "Passwort nicht geändert", description: WRONG });
    throw new ApiRequestError(400, "400: …", "wrong_password", WRONG, { currentPassword: WRONG });
  });
  render(
    <>
      <ChangePasswordForm onChangePassword={send} />
      <Toaster viewportClassName="top-[var(--header-height,0px)]" />
    </>,
  );
  return send;
}

async function submitWrongPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Aktuelles Passwort"), "falsch123");
  await user.type(screen.getByLabelText("Neues Passwort"), "neues-passwort");
  await user.type(screen.getByLabelText("Neues Passwort wiederholen"), "neues-passwort");
  await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
}

describe("toasts keep clear of the field they report on", () => {
  it("'Aktuelles Passwort' near the top: the toast shows at the bottom while the field has the focus", async () => {
    const send = renderForm();
    placeAt(screen.getByLabelText("Aktuelles Passwort"), 120);
    await submitWrongPassword();
    expect(send).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(WRONG, { selector: "[role=region] *" })).toBeInTheDocument();
    const field = screen.getByLabelText("Aktuelles Passwort");
    await waitFor(() => expect(field).toHaveFocus());
    await waitFor(() => expect(viewport().className).toContain(BOTTOM));
    expect(field).toHaveAccessibleDescription(WRONG);
  });

  it("a field in the lower half: the toast keeps its place below the header", async () => {
    renderForm();
    placeAt(screen.getByLabelText("Aktuelles Passwort"), 600);
    await submitWrongPassword();
    expect(await screen.findByText(WRONG, { selector: "[role=region] *" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Aktuelles Passwort")).toHaveFocus());
    // Placed after the focus moved (next frame): still at the top.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(viewport().className).toContain("top-[var(--header-height,0px)]");
    expect(viewport().className).not.toContain(BOTTOM);
  });
});
