import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DirectDebitNote } from "./direct-debit-note";

describe("a charge's direct debit in the ledger", () => {
  it("says 'Lastschrift eingereicht' with the collection date", () => {
    render(<DirectDebitNote debit={{ state: "submitted", collection_date: "2026-12-02", return_reason: null }} />);
    expect(screen.getByTestId("charge-direct-debit")).toHaveTextContent(
      "Lastschrift eingereicht, Einzug am 02.12.2026",
    );
  });

  it("names a return's reason", () => {
    render(
      <DirectDebitNote
        debit={{ state: "returned", collection_date: "2026-12-02", return_reason: "AC04 – Konto erloschen" }}
      />,
    );
    expect(screen.getByTestId("charge-direct-debit")).toHaveTextContent(
      "Rücklastschrift (AC04 – Konto erloschen), Einzug am 02.12.2026",
    );
  });

  it("says nothing of a cancelled run's debit", () => {
    const { container } = render(
      <DirectDebitNote debit={{ state: "cancelled", collection_date: "2026-12-02", return_reason: null }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
