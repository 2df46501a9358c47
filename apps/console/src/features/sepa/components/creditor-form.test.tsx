import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routeFetch } from "@/test/route-fetch";
import { creditor } from "../test-data";
import { CreditorForm } from "./creditor-form";

function renderForm(answers: { status: number; body?: unknown }[], settings = null as typeof creditor | null) {
  const calls = routeFetch({ "PUT /staff/sepa/creditor": answers });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CreditorForm settings={settings} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const save = () => screen.getByRole("button", { name: "Gläubigerdaten speichern" });

describe("the creditor settings (Administrators)", () => {
  it("names each wrong field in German and sends nothing", async () => {
    const { calls, user } = renderForm([]);
    await user.type(screen.getByLabelText("Gläubiger-Identifikationsnummer"), "DE99ZZZ09999999999");
    await user.type(screen.getByLabelText("IBAN des Einzugskontos"), "DE89 3704 0044 0532 0130 01");
    await user.type(screen.getByLabelText("BIC (optional)"), "COBA");
    const lead = screen.getByLabelText("Vorlaufzeit in Bankarbeitstagen");
    await user.clear(lead);
    await user.type(lead, "zwei");
    await user.click(save());
    const id = screen.getByLabelText("Gläubiger-Identifikationsnummer");
    await waitFor(() => expect(id).toHaveAttribute("aria-invalid", "true"));
    expect(id).toHaveAccessibleDescription(expect.stringContaining("gültige Gläubiger-Identifikationsnummer"));
    expect(screen.getByLabelText("Name auf dem Kontoauszug")).toHaveAccessibleDescription(
      expect.stringContaining("Bitte den Namen des Gläubigers angeben."),
    );
    expect(screen.getByLabelText("IBAN des Einzugskontos")).toHaveAccessibleDescription(
      expect.stringContaining("Bitte eine gültige IBAN angeben"),
    );
    expect(screen.getByLabelText("BIC (optional)")).toHaveAccessibleDescription(
      expect.stringContaining("Bitte einen gültigen BIC angeben"),
    );
    expect(lead).toHaveAccessibleDescription(expect.stringContaining("Vorlaufzeit: bitte eine Zahl von 1 bis 10"));
    expect(calls).toHaveLength(0);
  });

  it("sends the IBAN without spaces, the periods as numbers and an empty BIC as null", async () => {
    const { calls, user } = renderForm([{ status: 200, body: { ...creditor, bic: null } }]);
    await user.type(screen.getByLabelText("Gläubiger-Identifikationsnummer"), "de98 zzz0 9999 9999 99");
    await user.type(screen.getByLabelText("Name auf dem Kontoauszug"), "Hausverwaltung Muster GmbH");
    await user.type(screen.getByLabelText("IBAN des Einzugskontos"), "DE89 3704 0044 0532 0130 00");
    const notice = screen.getByLabelText("Vorabankündigung in Tagen");
    await user.clear(notice);
    await user.type(notice, "7");
    await user.click(save());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toStrictEqual({
      creditor_id: "DE98ZZZ09999999999",
      name: "Hausverwaltung Muster GmbH",
      iban: "DE89370400440532013000",
      bic: null,
      lead_days: 2,
      prenotice_days: 7,
    });
  });

  it("shows the server's German field error on its field", async () => {
    const message = "Bitte eine gültige IBAN angeben (Prüfziffer oder Länge stimmt nicht).";
    const { user } = renderForm(
      [
        {
          status: 400,
          body: { error: "validation_failed", message: "Bitte prüfen Sie Ihre Eingaben.", fields: { iban: message } },
        },
      ],
      creditor,
    );
    expect(screen.getByLabelText("IBAN des Einzugskontos")).toHaveValue("DE89 3704 0044 0532 0130 00");
    expect(screen.getByText(/Zuletzt geändert am .* von Petra Admin/)).toBeInTheDocument();
    await user.click(save());
    const iban = screen.getByLabelText("IBAN des Einzugskontos");
    await waitFor(() => expect(iban).toHaveAttribute("aria-invalid", "true"));
    expect(iban).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});
