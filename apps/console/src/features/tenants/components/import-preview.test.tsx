import type { TenantImportPreview, TenantImportRow } from "@mieter-portal/contracts/staff";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ImportCommit, ImportPreview } from "./import-preview";

const row = (line: number, overrides: Partial<TenantImportRow> = {}): TenantImportRow => ({
  line,
  first_name: "Ida",
  last_name: `Import ${line}`,
  email: `ida${line}@example.com`,
  building: { id: "b1", name: "Gartenweg 12" },
  unit: "EG links",
  start_date: "2019-02-01",
  base_rent: 550,
  utilities: 150,
  payment_method: "bank_transfer",
  due_day: 3,
  first_period: "2026-12",
  opening_balance: 0,
  status: "ok",
  problems: [],
  warnings: [],
  ...overrides,
});

const previewOf = (rows: TenantImportRow[], extra: Partial<TenantImportPreview> = {}): TenantImportPreview => ({
  file_problems: [],
  file_warnings: [],
  rows,
  valid: rows.some((r) => r.status === "ok"),
  importable: rows.filter((r) => r.status === "ok").length,
  existing: rows.filter((r) => r.status === "exists").length,
  refused: rows.filter((r) => r.status === "error").length,
  invitable: rows.filter((r) => r.status === "ok" && r.email).length,
  refused_csv: null,
  ...extra,
});

describe("the CSV import preview", () => {
  it("is a compact table with the refused rows first, each problem with its value, then the first month and balance", () => {
    const preview = previewOf(
      [
        row(2, { opening_balance: 1334.9, warnings: ["IBAN (letzte 4) „130“ zu „0130“ ergänzt."] }),
        row(3, {
          last_name: "Kaputt",
          email: "keine-adresse",
          start_date: "31.02.2027",
          base_rent: null,
          first_period: null,
          status: "error",
          problems: ["Die E-Mail-Adresse „keine-adresse“ ist ungültig.", "Kaltmiete „viel“ ist kein gültiger Betrag."],
        }),
        row(4, {
          last_name: "Schon",
          status: "exists",
          first_period: null,
          warnings: ["Bereits vorhanden, übersprungen."],
        }),
        row(5, { opening_balance: -50 }),
      ],
      { file_warnings: ["Diese Spalte wird ignoriert: „Telefon“."] },
    );
    render(<ImportPreview preview={preview} />);
    expect(screen.getByTestId("import-summary")).toHaveTextContent(
      "4 Zeilen: 2 werden importiert, 1 bereits vorhanden (werden übersprungen), 1 mit Fehlern",
    );
    expect(screen.getByTestId("import-file-warnings")).toHaveTextContent("„Telefon“");
    expect(screen.getByRole("table")).toBeInTheDocument();
    const rows = screen.getAllByTestId("import-row");
    expect(rows.map((r) => r.getAttribute("data-status"))).toEqual(["error", "ok", "ok", "exists"]);
    expect(rows[0]).toHaveTextContent("Ida Kaputt");
    expect(within(rows[0]!).getByText("Fehler")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Die E-Mail-Adresse „keine-adresse“ ist ungültig.")).toBeInTheDocument();
    // An impossible date is not formatted as if it were one.
    expect(rows[0]).not.toHaveTextContent("seit ");
    expect(rows[1]).toHaveTextContent("seit 01.02.2019");
    expect(rows[1]).toHaveTextContent("Dezember 2026");
    expect(rows[1]).toHaveTextContent(/1\.334,90\s€ Rückstand/);
    expect(rows[1]).toHaveTextContent("„130“ zu „0130“");
    expect(rows[2]).toHaveTextContent(/50,00\s€ Guthaben/);
    expect(within(rows[3]!).getByText("Bereits vorhanden")).toBeInTheDocument();
  });

  it("shows what is wrong with the file as a whole instead of rows", () => {
    render(
      <ImportPreview
        preview={previewOf([], { file_problems: ["In der Kopfzeile fehlt die Spalte Beginn."], valid: false })}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("In der Kopfzeile fehlt die Spalte Beginn.");
    // axe (issue 25 item 23): a list keeps its own role (no <ul role="alert">), so its items stay list items.
    expect(within(screen.getByRole("alert")).getByRole("list")).toBeInTheDocument();
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByTestId("import-summary")).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("the import button", () => {
  beforeEach(() => {
    // The switch (Radix) inside a form measures its hidden input; jsdom has no ResizeObserver.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  const many = previewOf([
    ...Array.from({ length: 14 }, (_, i) => row(i + 2)),
    row(16, { email: null }),
    row(17, { email: "x@example.com", status: "exists" }),
  ]);

  it("invites nobody unless asked, and says how many mails will go out", async () => {
    const onCommit = vi.fn();
    render(<ImportCommit preview={many} pending={false} onCommit={onCommit} />);
    const invite = screen.getByRole("switch", { name: "Mieter mit E-Mail-Adresse gleich einladen" });
    expect(invite).not.toBeChecked();
    expect(screen.getByTestId("import-invitations")).toHaveTextContent(
      "Keine Einladungen (14 Mieter mit E-Mail-Adresse",
    );
    fireEvent.click(screen.getByRole("button", { name: "15 Mieter importieren" }));
    await waitFor(() => expect(onCommit).toHaveBeenLastCalledWith(false));

    fireEvent.click(invite);
    expect(screen.getByTestId("import-invitations")).toHaveTextContent("14 Einladungen werden verschickt.");
    fireEvent.click(screen.getByRole("button", { name: "15 Mieter importieren und 14 einladen" }));
    await waitFor(() => expect(onCommit).toHaveBeenLastCalledWith(true));
  });
});
