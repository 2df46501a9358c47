import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { repairAnswer } from "@/test/answers";
import { RepairForm } from "./repair-form";

function renderForm() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json(repairAnswer, { status: 201 }),
  );
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RepairForm userId="user-1" emergencyHotline="+49 30 7654321" />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

describe("RepairForm", () => {
  it("shows 'Fehlende Angaben' and sends nothing when required fields are empty", async () => {
    const fetchMock = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Reparatur melden" }));
    expect(await screen.findByText("Fehlende Angaben")).toBeInTheDocument();
    expect(screen.getByText("Bitte füllen Sie alle Pflichtfelder aus.")).toBeInTheDocument();
    expect(screen.getByLabelText("Art der Reparatur")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Ort in der Wohnung")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Beschreibung")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Beschreibung")).toHaveAccessibleDescription("Bitte beschreiben Sie den Schaden.");
    // The first missing field on the screen gets the focus.
    expect(screen.getByLabelText("Art der Reparatur")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("labels every enum value in German and shows the handling time next to each urgency", () => {
    renderForm();
    const types = Array.from((screen.getByLabelText("Art der Reparatur") as HTMLSelectElement).options).map(
      (o) => o.text,
    );
    expect(types).toEqual([
      "Bitte wählen",
      "Sanitär (Wasser, Abfluss)",
      "Elektrik",
      "Heizung",
      "Tür oder Fenster",
      "Haushaltsgerät",
      "Sonstiges",
    ]);
    const locations = Array.from((screen.getByLabelText("Ort in der Wohnung") as HTMLSelectElement).options).map(
      (o) => o.text,
    );
    expect(locations).toEqual([
      "Bitte wählen",
      "Küche",
      "Badezimmer",
      "Wohnzimmer",
      "Schlafzimmer",
      "Flur",
      "Balkon",
      "Sonstiges",
    ]);
    expect(screen.getByRole("radio", { name: "Normal" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Notfall" })).toHaveAccessibleDescription("Bearbeitung: etwa 24 Stunden");
    expect(screen.getByRole("radio", { name: "Dringend" })).toHaveAccessibleDescription("Bearbeitung: etwa 1–3 Tage");
    expect(screen.getByRole("radio", { name: "Normal" })).toHaveAccessibleDescription("Bearbeitung: etwa 1–2 Wochen");
    expect(screen.getByRole("radio", { name: "Niedrig" })).toHaveAccessibleDescription(
      "Bearbeitung: etwa 1–4 Wochen, nach Terminvereinbarung",
    );
  });

  it("offers the emergency hotline as a call button for 'Notfall' only", async () => {
    renderForm();
    expect(screen.queryByRole("link", { name: /Notdienst anrufen/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Notfall" }));
    expect(screen.getByRole("link", { name: "Notdienst anrufen: +49 30 7654321" })).toHaveAttribute(
      "href",
      "tel:+49307654321",
    );
  });

  it("sends the request through the central mutation path, toasts and resets", async () => {
    const fetchMock = renderForm();
    await userEvent.selectOptions(screen.getByLabelText("Art der Reparatur"), "Heizung");
    await userEvent.selectOptions(screen.getByLabelText("Ort in der Wohnung"), "Badezimmer");
    await userEvent.type(screen.getByLabelText("Beschreibung"), "Heizkörper bleibt kalt");
    await userEvent.click(screen.getByRole("radio", { name: "Dringend" }));
    await userEvent.click(screen.getByRole("button", { name: "Reparatur melden" }));

    expect(await screen.findByText("Reparatur gemeldet")).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toBe("/api/v1/tenant/repairs");
    const headers = new Headers(post?.[1]?.headers);
    expect(headers.get("Idempotency-Key")).toBeTruthy();
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      type: "heating",
      location: "bathroom",
      description: "Heizkörper bleibt kalt",
      urgency: "high",
      user_id: "user-1",
      photos: [],
    });
    await waitFor(() => expect(screen.getByLabelText("Beschreibung")).toHaveValue(""));
    expect(screen.getByLabelText("Art der Reparatur")).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Normal" })).toBeChecked();
  });

  it("clears an earlier photo message once the report went through (issue 12)", async () => {
    renderForm();
    const notAPhoto = new File(["%PDF-1.4"], "rechnung.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByTestId("photo-file-input"), { target: { files: [notAPhoto] } });
    const message = "„rechnung.pdf“ ist kein Bild. Bitte wählen Sie ein Foto (z. B. JPEG oder PNG).";
    expect(await screen.findByText(message)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Art der Reparatur"), "Heizung");
    await userEvent.selectOptions(screen.getByLabelText("Ort in der Wohnung"), "Badezimmer");
    await userEvent.type(screen.getByLabelText("Beschreibung"), "Heizkörper bleibt kalt");
    await userEvent.click(screen.getByRole("button", { name: "Reparatur melden" }));
    expect(await screen.findByText("Reparatur gemeldet")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Beschreibung")).toHaveValue(""));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it("shows the spec's failure text when the server refuses", async () => {
    const fetchMock = renderForm();
    fetchMock.mockImplementation(async () =>
      Response.json({ error: "internal", message: "Interner Fehler" }, { status: 500 }),
    );
    await userEvent.selectOptions(screen.getByLabelText("Art der Reparatur"), "Elektrik");
    await userEvent.selectOptions(screen.getByLabelText("Ort in der Wohnung"), "Küche");
    await userEvent.type(screen.getByLabelText("Beschreibung"), "Steckdose ohne Strom");
    await userEvent.click(screen.getByRole("button", { name: "Reparatur melden" }));
    expect(
      await screen.findByText(
        "Ihre Reparaturanfrage konnte nicht übermittelt werden. Bitte versuchen Sie es später erneut.",
      ),
    ).toBeInTheDocument();
    // Nothing typed is lost on failure.
    expect(screen.getByLabelText("Beschreibung")).toHaveValue("Steckdose ohne Strom");
  });
});
