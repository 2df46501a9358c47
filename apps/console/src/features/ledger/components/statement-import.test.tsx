import type { ImportPreview } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { StatementImport } from "./statement-import";

const CSV = [
  "Umsatzanzeige;Konto DE02120300000000202051",
  "",
  "Datum;Soll;Haben;Text;Status",
  "03.11.2026;;750,00;Miete MP-K7Q2-X9M4;gebucht",
  "04.11.2026;;650,00;Miete MP-A1B2-C3D4;vorgemerkt",
].join("\r\n");

const totals = {
  lines: 0,
  match: 0,
  unmatched: 0,
  duplicate: 0,
  possible_duplicate: 0,
  pending: 0,
  refused: 0,
  other_building: 0,
  ignored: 0,
  amount_matched: 0,
  amount_unmatched: 0,
};
const mappingNeeded: ImportPreview = {
  format: "csv",
  layout_label: null,
  warnings: [],
  lines: [],
  totals,
  mapping_needed: {
    signature: "csv:abcdefgh12345678",
    header_row: 2,
    header: ["Datum", "Soll", "Haben", "Text", "Status"],
    sample: [
      ["03.11.2026", "", "750,00", "Miete MP-K7Q2-X9M4", "gebucht"],
      ["04.11.2026", "", "650,00", "Miete MP-A1B2-C3D4", "vorgemerkt"],
    ],
  },
};
const line = { booked_on: "2026-11-03", value_on: null, payer_name: null, payer_iban: null, bank_ref: null };
const read: ImportPreview = {
  format: "csv",
  layout_label: "eigene Spaltenzuordnung",
  warnings: ["Die Datei beginnt mit 2 Zeilen vor der Kopfzeile; sie wurden übersprungen."],
  lines: [
    {
      ...line,
      line: 1,
      amount: 750,
      remittance: "Miete MP-K7Q2-X9M4",
      status: "unmatched",
      reason: "Kein Mietkonto mit dieser Zahlungsreferenz.",
      tenancy_id: null,
      tenant_name: null,
    },
    {
      ...line,
      line: 2,
      booked_on: "2026-11-04",
      amount: 650,
      remittance: "Miete MP-A1B2-C3D4",
      status: "pending",
      reason: "Von der Bank vorgemerkt, wird nicht gebucht.",
      tenancy_id: null,
      tenant_name: null,
    },
  ],
  totals: { ...totals, lines: 2, unmatched: 1, pending: 1, amount_unmatched: 750 },
};
const MAPPING = { header_row: 2, columns: { booked_on: 0, debit: 1, credit: 2, remittance: [3], status: 4 } };

/** jsdom's File has no arrayBuffer(); the browser's has. */
function csvFile(): File {
  const file = new File([CSV], "umsaetze.csv", { type: "text/csv" });
  const bytes = new TextEncoder().encode(CSV);
  return Object.assign(file, { arrayBuffer: async () => bytes.buffer });
}

function renderImport() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatementImport />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("statement import of an unknown CSV layout", () => {
  it("asks for a file and sends nothing without one", async () => {
    const calls = stubFetch();
    const user = renderImport();
    await user.click(screen.getByRole("button", { name: "Prüfen" }));
    const file = screen.getByLabelText("Kontoauszug (.csv oder .xml)");
    await waitFor(() => expect(file).toHaveAttribute("aria-invalid", "true"));
    expect(file).toHaveAccessibleDescription("Bitte wählen Sie eine Datei.");
    expect(calls).toHaveLength(0);
  });

  it("previews with the mapping, saves nothing yet, and keeps the choices when going back to the mapping", async () => {
    const calls = stubFetch(
      { status: 200, body: mappingNeeded },
      { status: 200, body: read },
      { status: 200, body: { signature: "csv:abcdefgh12345678", saved_at: "2026-11-28T10:00:00Z" } },
      { status: 201, body: { ...read, import_id: "i1" } },
    );
    const user = renderImport();
    await user.upload(screen.getByLabelText("Kontoauszug (.csv oder .xml)"), csvFile());
    await user.click(screen.getByRole("button", { name: "Prüfen" }));
    await screen.findByRole("heading", { name: "Spalten zuordnen: umsaetze.csv" });
    expect(calls[0]!.body).toStrictEqual({ filename: "umsaetze.csv", content: CSV });

    const choose = (label: string, name: RegExp) =>
      user.selectOptions(
        screen.getByLabelText(label),
        within(screen.getByLabelText(label)).getByRole("option", { name }),
      );
    await choose("Buchungstag", /^Spalte 1:/);
    await user.click(screen.getByLabelText("zwei Spalten: Soll und Haben"));
    await choose("Soll (Ausgänge)", /^Spalte 2:/);
    await choose("Haben (Eingänge)", /^Spalte 3:/);
    await choose("Verwendungszweck", /^Spalte 4:/);
    await choose("Status (optional)", /^Spalte 5:/);
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await screen.findByRole("heading", { name: "Vorschau: umsaetze.csv" });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.url).toContain("/staff/ledger/imports/preview");
    expect(calls[1]!.body).toStrictEqual({ filename: "umsaetze.csv", content: CSV, mapping: MAPPING });
    expect(screen.getAllByTestId("import-line")[1]).toHaveTextContent("Vorgemerkt");

    // Back to the mapping and forth: the choices are kept.
    await user.click(screen.getByRole("button", { name: "Spalten neu zuordnen" }));
    expect(screen.getByLabelText("Haben (Eingänge)")).toHaveValue("2");
    stubFetch(
      { status: 200, body: read },
      { status: 200, body: { signature: "csv:abcdefgh12345678", saved_at: "2026-11-28T10:00:00Z" } },
      { status: 201, body: { ...read, import_id: "i1" } },
    );
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await screen.findByRole("heading", { name: "Vorschau: umsaetze.csv" });

    await user.click(screen.getByRole("button", { name: "Buchen" }));
    await screen.findByRole("heading", { name: "Gebucht" });
  });

  it("remembers the mapping before booking with it", async () => {
    const calls = stubFetch(
      { status: 200, body: mappingNeeded },
      { status: 200, body: read },
      { status: 200, body: { signature: "csv:abcdefgh12345678", saved_at: "2026-11-28T10:00:00Z" } },
      { status: 201, body: { ...read, import_id: "i1" } },
    );
    const user = renderImport();
    await user.upload(screen.getByLabelText("Kontoauszug (.csv oder .xml)"), csvFile());
    await user.click(screen.getByRole("button", { name: "Prüfen" }));
    await screen.findByRole("heading", { name: "Spalten zuordnen: umsaetze.csv" });
    const choose = (label: string, n: number) =>
      user.selectOptions(
        screen.getByLabelText(label),
        within(screen.getByLabelText(label)).getByRole("option", { name: new RegExp(`^Spalte ${n}:`) }),
      );
    await choose("Buchungstag", 1);
    await user.click(screen.getByLabelText("zwei Spalten: Soll und Haben"));
    await choose("Soll (Ausgänge)", 2);
    await choose("Haben (Eingänge)", 3);
    await choose("Verwendungszweck", 4);
    await choose("Status (optional)", 5);
    await user.click(screen.getByRole("button", { name: "Zuordnung prüfen" }));
    await screen.findByRole("heading", { name: "Vorschau: umsaetze.csv" });
    await user.click(screen.getByRole("button", { name: "Buchen" }));
    await screen.findByRole("heading", { name: "Gebucht" });
    expect(calls.map((c) => `${c.method} ${new URL(c.url, "http://x").pathname}`)).toStrictEqual([
      "POST /api/v1/staff/ledger/imports/preview",
      "POST /api/v1/staff/ledger/imports/preview",
      "PUT /api/v1/staff/ledger/csv-layouts/csv%3Aabcdefgh12345678",
      "POST /api/v1/staff/ledger/imports",
    ]);
    expect(calls[2]!.body).toStrictEqual({ mapping: MAPPING });
    expect(calls[3]!.body).toStrictEqual({ filename: "umsaetze.csv", content: CSV, mapping: MAPPING });
    expect(screen.getByText(/1 Zeile wartet/)).toBeInTheDocument();
  });
});
