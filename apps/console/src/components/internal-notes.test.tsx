import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { InternalNotesPanel } from "./internal-notes";

const HINT = "Intern – für Mieter nicht sichtbar. Nur Mitarbeiter sehen diese Notiz.";

function renderPanel(onAdd: (note: string) => Promise<unknown>) {
  render(<InternalNotesPanel notes={[]} onAdd={onAdd} />);
  return userEvent.setup();
}

describe("the internal note form", () => {
  it("asks for the note in German beside the field and adds nothing without one", async () => {
    const onAdd = vi.fn(async () => undefined);
    const user = renderPanel(onAdd);
    await user.type(screen.getByLabelText("Interne Notiz hinzufügen"), "   ");
    await user.click(screen.getByRole("button", { name: "Interne Notiz speichern" }));
    const note = screen.getByLabelText("Interne Notiz hinzufügen");
    await waitFor(() => expect(note).toHaveAttribute("aria-invalid", "true"));
    expect(note).toHaveAccessibleDescription(`${HINT} Die Notiz ist erforderlich.`);
    expect(note).toHaveFocus();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("says when the note is too long", async () => {
    const onAdd = vi.fn(async () => undefined);
    const user = renderPanel(onAdd);
    await user.click(screen.getByLabelText("Interne Notiz hinzufügen"));
    await user.paste("n".repeat(2001));
    await user.click(screen.getByRole("button", { name: "Interne Notiz speichern" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Interne Notiz hinzufügen")).toHaveAccessibleDescription(
        `${HINT} Die Notiz darf höchstens 2000 Zeichen lang sein.`,
      ),
    );
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("adds the trimmed note and empties the field", async () => {
    const onAdd = vi.fn(async () => undefined);
    const user = renderPanel(onAdd);
    await user.type(screen.getByLabelText("Interne Notiz hinzufügen"), "  Firma bestellt  ");
    await user.click(screen.getByRole("button", { name: "Interne Notiz speichern" }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith("Firma bestellt"));
    await waitFor(() => expect(screen.getByLabelText("Interne Notiz hinzufügen")).toHaveValue(""));
  });

  it("keeps the text and shows the server's German message when saving fails", async () => {
    const onAdd = vi.fn(async () => {
      throw new ApiError(403, "forbidden", "Dieser Vorgang gehört nicht zu Ihren Gebäuden.");
    });
    const user = renderPanel(onAdd);
    await user.type(screen.getByLabelText("Interne Notiz hinzufügen"), "Rückruf");
    await user.click(screen.getByRole("button", { name: "Interne Notiz speichern" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Dieser Vorgang gehört nicht zu Ihren Gebäuden.");
    expect(screen.getByLabelText("Interne Notiz hinzufügen")).toHaveValue("Rückruf");
  });
});
