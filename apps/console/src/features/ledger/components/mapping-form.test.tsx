import type { CsvMappingRequest, MappingNeeded } from "@mieter-portal/contracts/staff";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { statementRows } from "../statement-rows";
import { MappingForm } from "./mapping-form";

// A bank we do not list: two preamble lines, a blank line, then the header (row 4 of the file).
const CSV = [
  "Umsatzanzeige;Konto DE02120300000000202051",
  "Zeitraum;01.11.2026 - 30.11.2026",
  "",
  "Buchungsdatum;Wertstellung;Status;Soll;Haben;Währung;Auftraggeber;IBAN;Vwz 1;Vwz 2;Ref",
  "03.11.2026;03.11.2026;gebucht;;750,00;EUR;Erika Muster;DE89370400440532013000;Miete;MP-K7Q2-X9M4;R1",
  "04.11.2026;04.11.2026;vorgemerkt;;650,00;EUR;Max Muster;DE02120300000000202051;Miete;MP-A1B2-C3D4;R2",
  "05.11.2026;05.11.2026;gebucht;12,50;;EUR;;;Kontoführung;;R3",
].join("\r\n");
const rows = statementRows(CSV);
const layout: MappingNeeded = {
  signature: "csv:abcdefgh12345678",
  header_row: 3,
  header: rows[3]!,
  sample: rows.slice(4, 7),
};

function renderForm(onSubmit = vi.fn(async (_m: CsvMappingRequest) => {})) {
  render(<MappingForm layout={layout} rows={rows} busy={false} onSubmit={onSubmit} />);
  return { user: userEvent.setup(), onSubmit };
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
/** The option of column `n` (1-based) in a column select. */
const pick = async (user: ReturnType<typeof userEvent.setup>, label: string, n: number) =>
  user.selectOptions(select(label), within(select(label)).getByRole("option", { name: new RegExp(`^Spalte ${n}:`) }));

describe("column mapping of an unknown CSV layout", () => {
  it("shows the header row the server found with the first rows below it", () => {
    renderForm();
    expect(select("In welcher Zeile stehen die Spaltennamen?").value).toBe("3");
    const table = screen.getByTestId("mapping-sample");
    // One row per column of the file: its number, its name and the first rows' values.
    const columns = within(table).getAllByRole("row").slice(1);
    expect(columns).toHaveLength(11);
    expect(within(columns[2]!).getByRole("rowheader")).toHaveTextContent("3");
    expect(columns[2]).toHaveTextContent(/^3Statusgebuchtvorgemerktgebucht$/);
    expect(columns[3]).toHaveTextContent(/^4Soll\(leer\)\(leer\)12,50$/);
    // Each column's option names it with examples.
    expect(
      within(select("Buchungstag")).getByRole("option", { name: /^Spalte 1: Buchungsdatum – z\. B\. 03\.11\.2026/ }),
    ).toBeInTheDocument();
  });

  it("asks for booking day, amount and Verwendungszweck next to their fields and sends nothing", async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    const booked = select("Buchungstag");
    await waitFor(() => expect(booked).toHaveAttribute("aria-invalid", "true"));
    expect(booked).toHaveFocus();
    expect(booked).toHaveAccessibleDescription("Bitte die Spalte mit dem Buchungstag wählen.");
    expect(select("Betrag")).toHaveAccessibleDescription(
      "Bitte die Spalte mit dem Betrag wählen – oder „Soll und Haben“, wenn die Bank zwei Spalten hat.",
    );
    expect(select("Verwendungszweck")).toHaveAccessibleDescription("Bitte die Spalte mit dem Verwendungszweck wählen.");
    // Optional columns left empty are fine.
    for (const label of ["Status (optional)", "Währung (optional)", "Referenz der Bank (optional)"]) {
      expect(select(label)).not.toHaveAttribute("aria-invalid");
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for Haben when only Soll is chosen, and for two different columns", async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByLabelText("zwei Spalten: Soll und Haben"));
    expect(screen.queryByLabelText("Betrag")).not.toBeInTheDocument();
    await pick(user, "Buchungstag", 1);
    await pick(user, "Verwendungszweck", 9);
    await pick(user, "Soll (Ausgänge)", 4);
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    const credit = select("Haben (Eingänge)");
    await waitFor(() => expect(credit).toHaveAttribute("aria-invalid", "true"));
    expect(credit).toHaveAccessibleDescription("Bitte die Spalte Haben (Eingänge) wählen.");
    expect(select("Soll (Ausgänge)")).not.toHaveAttribute("aria-invalid");

    await pick(user, "Haben (Eingänge)", 4);
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await waitFor(() =>
      expect(credit).toHaveAccessibleDescription(
        "Soll und Haben stehen in zwei verschiedenen Spalten; bitte die Spalte Haben prüfen.",
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends every column in the API's shape: Soll and Haben, two Verwendungszweck columns, status, currency", async () => {
    const { user, onSubmit } = renderForm();
    await pick(user, "Buchungstag", 1);
    await user.click(screen.getByLabelText("zwei Spalten: Soll und Haben"));
    await pick(user, "Soll (Ausgänge)", 4);
    await pick(user, "Haben (Eingänge)", 5);
    await pick(user, "Verwendungszweck", 9);
    await user.click(screen.getByRole("button", { name: "Weitere Spalte für den Verwendungszweck" }));
    // An added row left empty is named, not dropped silently.
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await waitFor(() =>
      expect(select("Verwendungszweck, Teil 2")).toHaveAccessibleDescription(
        "Bitte eine Spalte wählen oder diese Zeile entfernen.",
      ),
    );
    await pick(user, "Verwendungszweck, Teil 2", 10);
    await pick(user, "Wertstellung (Valuta) (optional)", 2);
    await pick(user, "Name des Zahlers (optional)", 7);
    await pick(user, "IBAN des Zahlers (optional)", 8);
    await pick(user, "Referenz der Bank (optional)", 11);
    await pick(user, "Währung (optional)", 6);
    await pick(user, "Status (optional)", 3);
    await user.selectOptions(select("Datumsformat"), "DD.MM.YYYY");
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = JSON.parse(JSON.stringify(onSubmit.mock.calls[0]![0]));
    expect(sent).toStrictEqual({
      header_row: 3,
      columns: {
        booked_on: 0,
        debit: 3,
        credit: 4,
        remittance: [8, 9],
        value_on: 1,
        payer_name: 6,
        payer_iban: 7,
        bank_ref: 10,
        currency: 5,
        status: 2,
      },
      date_format: "DD.MM.YYYY",
    });
  });

  it("sends one amount column and only the optional columns chosen; a removed Verwendungszweck row is gone", async () => {
    const { user, onSubmit } = renderForm();
    await pick(user, "Buchungstag", 1);
    await pick(user, "Betrag", 5);
    await pick(user, "Verwendungszweck", 9);
    await user.click(screen.getByRole("button", { name: "Weitere Spalte für den Verwendungszweck" }));
    await user.click(screen.getByRole("button", { name: "Verwendungszweck, Teil 2 entfernen" }));
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(JSON.parse(JSON.stringify(onSubmit.mock.calls[0]![0]))).toStrictEqual({
      header_row: 3,
      columns: { booked_on: 0, amount: 4, remittance: [8] },
    });
  });

  it("offers the file's other rows as header: the columns follow the row chosen", async () => {
    const { user, onSubmit } = renderForm();
    await pick(user, "Buchungstag", 1);
    const headerRow = select("In welcher Zeile stehen die Spaltennamen?");
    // The blank row 3 is not offered.
    expect(
      within(headerRow)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toStrictEqual([
      "Zeile 1: Umsatzanzeige · Konto DE02120300000000202051",
      "Zeile 2: Zeitraum · 01.11.2026 - 30.11.2026",
      expect.stringMatching(/^Zeile 4: Buchungsdatum · Wertstellung · Status/),
      expect.stringMatching(/^Zeile 5: 03\.11\.2026/),
      expect.stringMatching(/^Zeile 6: /),
      expect.stringMatching(/^Zeile 7: /),
    ]);
    await user.selectOptions(headerRow, "1");
    expect(
      within(select("Buchungstag"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toStrictEqual([
      "Bitte wählen",
      "Spalte 1: Zeitraum – z. B. Buchungsdatum | 03.11.2026",
      "Spalte 2: 01.11.2026 - 30.11.2026 – z. B. Wertstellung | 03.11.2026",
    ]);
    // The choices made for the other row are gone.
    expect(select("Buchungstag").value).toBe("");
    await user.selectOptions(headerRow, "3");
    await pick(user, "Buchungstag", 1);
    await pick(user, "Betrag", 5);
    await pick(user, "Verwendungszweck", 9);
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].header_row).toBe(3);
  });

  it("shows the server's message above the form when the file cannot be read with the mapping", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, "validation_error", "Buchungstag ist in 3 Zeilen kein Datum.", {});
    });
    const { user } = renderForm(onSubmit);
    await pick(user, "Buchungstag", 3);
    await pick(user, "Betrag", 5);
    await pick(user, "Verwendungszweck", 9);
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Buchungstag ist in 3 Zeilen kein Datum.");
  });
});
