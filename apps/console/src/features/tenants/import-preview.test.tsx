import type { TenantImportPreview, TenantImportRow } from "@mieter-portal/contracts/staff";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ImportPreview } from "./import-preview";

const row = (line: number, overrides: Partial<TenantImportRow> = {}): TenantImportRow => ({
  line,
  first_name: "Ida",
  last_name: `Import ${line}`,
  email: `ida${line}@example.com`,
  building: { id: "b1", name: "Gartenweg 12" },
  unit: "EG links",
  start_date: "2027-02-01",
  base_rent: 550,
  utilities: 150,
  payment_method: "bank_transfer",
  due_day: 3,
  problems: [],
  ...overrides,
});

describe("the CSV import preview", () => {
  it("lists rows with problems first, each problem in German, and says nothing will be imported", () => {
    const preview: TenantImportPreview = {
      file_problems: [],
      valid: false,
      rows: [
        row(2),
        row(3, {
          last_name: "Kaputt",
          email: "keine-adresse",
          start_date: "31.02.2027",
          base_rent: null,
          problems: ["Die E-Mail-Adresse „keine-adresse“ ist ungültig.", "Kaltmiete „viel“ ist kein gültiger Betrag."],
        }),
      ],
    };
    render(<ImportPreview preview={preview} />);
    expect(screen.getByTestId("import-summary")).toHaveTextContent("2 Zeilen: 1 mit Fehlern");
    const rows = screen.getAllByTestId("import-row");
    expect(rows[0]).toHaveTextContent("Zeile 3 · Ida Kaputt");
    expect(within(rows[0]!).getByText("Fehler")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Die E-Mail-Adresse „keine-adresse“ ist ungültig.")).toBeInTheDocument();
    // An impossible date is not formatted as if it were one.
    expect(rows[0]).not.toHaveTextContent("ab ");
    expect(rows[1]).toHaveTextContent("Zeile 2 · Ida Import 2");
    expect(rows[1]).toHaveTextContent("ab 01.02.2027");
    expect(within(rows[1]!).getByText("In Ordnung")).toBeInTheDocument();
  });

  it("shows what is wrong with the file as a whole instead of rows", () => {
    render(
      <ImportPreview
        preview={{ file_problems: ["Es fehlt die Spalte beginn in der Kopfzeile."], rows: [], valid: false }}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Es fehlt die Spalte beginn in der Kopfzeile.");
    expect(screen.queryByTestId("import-summary")).toBeNull();
  });
});
