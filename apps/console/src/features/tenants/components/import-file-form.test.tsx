import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { ImportFileForm } from "./import-file-form";

const LABEL = /^CSV-Datei/;
const csvFile = (text: string, name = "mieter.csv") => new File([text], name, { type: "text/csv" });

/** The file's text (jsdom's File has no text()). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  const onChosen = vi.fn();
  render(<ImportFileForm read={readText} onChosen={onChosen} onSubmit={onSubmit} />);
  return { onSubmit, onChosen, user: userEvent.setup() };
}

describe("the tenant import's file form", () => {
  it("asks for the file in German beside the field and sends nothing without one", async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Prüfen" }));
    const file = screen.getByLabelText(LABEL);
    await waitFor(() => expect(file).toHaveAttribute("aria-invalid", "true"));
    expect(file).toHaveAccessibleDescription(/Bitte wählen Sie eine CSV-Datei\.$/);
    expect(file).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says an empty file is empty (the contracts' request) and sends nothing", async () => {
    const { onSubmit, onChosen, user } = renderForm();
    await user.upload(screen.getByLabelText(LABEL), csvFile(""));
    expect(onChosen).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Prüfen" }));
    await waitFor(() => expect(screen.getByLabelText(LABEL)).toHaveAccessibleDescription(/Die Datei ist leer\.$/));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the file's name and text", async () => {
    const { onSubmit, user } = renderForm();
    await user.upload(screen.getByLabelText(LABEL), csvFile("Vorname;Nachname\nIda;Import\n", "Mieterliste.csv"));
    await user.click(screen.getByRole("button", { name: "Prüfen" }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ filename: "Mieterliste.csv", csv: "Vorname;Nachname\nIda;Import\n" }),
    );
    expect(screen.getByLabelText(LABEL)).not.toHaveAttribute("aria-invalid");
  });

  it("shows the server's German message above the button", async () => {
    const { user } = renderForm(
      vi.fn(async () => {
        throw new ApiError(413, "payload_too_large", "Die Datei ist zu groß (höchstens 2 MB).");
      }),
    );
    await user.upload(screen.getByLabelText(LABEL), csvFile("Vorname;Nachname\n"));
    await user.click(screen.getByRole("button", { name: "Prüfen" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Die Datei ist zu groß (höchstens 2 MB).");
  });
});
