import type { ImportLine, ImportPreview } from "@mieter-portal/contracts/staff";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { PreviewTable } from "./preview-table";

const line = (n: number, status: ImportLine["status"], overrides: Partial<ImportLine> = {}): ImportLine => ({
  line: n,
  booked_on: "2026-11-03",
  value_on: null,
  amount: 750,
  payer_name: "Erika Muster",
  payer_iban: "DE89370400440532013000",
  remittance: "Miete",
  bank_ref: null,
  status,
  reason: `Grund ${n}`,
  tenancy_id: null,
  tenant_name: null,
  ...overrides,
});

const preview = (lines: ImportLine[]): ImportPreview => {
  const count = (s: ImportLine["status"]) => lines.filter((l) => l.status === s).length;
  return {
    format: "csv",
    layout_label: "Sparkasse (CSV-CAMT V2)",
    warnings: ["2 Zeilen vor der Kopfzeile übersprungen."],
    lines,
    totals: {
      lines: lines.length,
      match: count("match"),
      unmatched: count("unmatched"),
      duplicate: count("duplicate"),
      possible_duplicate: count("possible_duplicate"),
      pending: count("pending"),
      refused: count("refused"),
      other_building: count("other_building"),
      ignored: count("ignored"),
      amount_matched: 750,
      amount_unmatched: 0,
    },
  };
};

describe("the statement preview", () => {
  it("shows the layout read, its notes, counts per status (problems first) and no payer of another building", () => {
    const lines = [
      line(1, "match"),
      line(2, "pending", { reason: "vorgemerkt, wird nicht gebucht" }),
      line(3, "possible_duplicate"),
      line(4, "other_building", { payer_name: null, payer_iban: null, remittance: null }),
    ];
    render(
      <MemoryRouter>
        <PreviewTable preview={preview(lines)} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("import-layout")).toHaveTextContent("Sparkasse (CSV-CAMT V2)");
    expect(screen.getByText("2 Zeilen vor der Kopfzeile übersprungen.")).toBeInTheDocument();
    const counts = within(screen.getByRole("list", { name: "Zeilen je Status" })).getAllByRole("listitem");
    expect(counts.map((c) => c.textContent)).toEqual([
      "Möglicherweise bereits gebucht: 1",
      "Anderes Gebäude: 1",
      "Vorgemerkt: 1",
      "Zugeordnet: 1",
    ]);
    const shown = screen.getAllByTestId("import-line").map((l) => l.textContent);
    expect(shown[1]).toContain("vorgemerkt, wird nicht gebucht");
    expect(shown[3]).toContain("Angaben zum Zahler nicht sichtbar");
    expect(shown[3]).not.toContain("Erika");
    // Without a handler (a booked statement) there is nothing to decide.
    expect(screen.queryByLabelText("Trotzdem buchen")).not.toBeInTheDocument();
  });

  it("offers 'Trotzdem buchen' for a possible duplicate", () => {
    const onBookAnyway = vi.fn();
    render(
      <MemoryRouter>
        <PreviewTable
          preview={preview([line(1, "match"), line(2, "possible_duplicate")])}
          bookAnyway={new Set()}
          onBookAnyway={onBookAnyway}
        />
      </MemoryRouter>,
    );
    const boxes = screen.getAllByLabelText("Trotzdem buchen");
    expect(boxes).toHaveLength(1);
    fireEvent.click(boxes[0]!);
    expect(onBookAnyway).toHaveBeenCalledWith(2, true);
  });

  it("underlines the link to the rent account inside the line's text (axe link-in-text-block, issue 25 item 23)", () => {
    render(
      <MemoryRouter>
        <PreviewTable preview={preview([line(1, "match", { tenancy_id: "ty1", tenant_name: "Anna Ahorn" })])} />
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: "Anna Ahorn" });
    expect(link.className.split(/\s+/)).toContain("underline");
  });
});
